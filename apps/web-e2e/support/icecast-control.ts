/** Sets a test station's StreamTitle through the local Icecast's admin API (see global-setup.ts). */
export async function setStationTitle(mount: string, song: string): Promise<void> {
  const base = process.env.E2E_ICECAST_URL;
  const password = process.env.E2E_ICECAST_ADMIN_PASSWORD;
  if (!base || !password) throw new Error('E2E_ICECAST_URL is not set: global-setup.ts did not run');
  const url = `${base}/admin/metadata?mount=${encodeURIComponent(mount)}&mode=updinfo&charset=UTF-8&song=${encodeURIComponent(song)}`;
  const res = await fetch(url, { headers: { authorization: `Basic ${Buffer.from(`admin:${password}`).toString('base64')}` } });
  if (!res.ok) throw new Error(`Icecast refused the title: ${res.status}`);
}
