import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { requestFrom } from '../test/support/cluster';
import { startDebianPostgres } from '../test/support/debian-postgres';
import { LocalObjectStore } from '../test/support/object-store';
import { runScript } from '../test/support/run-script';
import { startServerProcess } from '../test/support/server-process';
import type { Member } from './load';
import { DrillReport, log, within } from './report';
import { type Rig, STATIONS } from './rig';
import type { SteadyLoad } from './steady-load';

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** What a member sees of their own, as the cluster serves it: likes, playlists, a track's bytes, a replay's files. */
async function seenBy(api: string, member: Member, token: string, track: string, replay: string): Promise<Record<string, string>> {
  const auth = { authorization: `Bearer ${token}` };
  const seen: Record<string, string> = {};
  for (const station of STATIONS) seen[`likes ${station}`] = JSON.stringify((await requestFrom(member.address, `${api}/radio/${station}/likes`, { headers: auth })).json());
  const playlists = (await requestFrom(member.address, `${api}/user/playlists`, { headers: auth })).json() as { playlists?: { id: string }[] } | { id: string }[];
  const list = Array.isArray(playlists) ? playlists : (playlists.playlists ?? []);
  seen.playlists = list.map((p) => p.id).sort().join(',');
  seen.track = sha((await requestFrom(member.address, `${api}/studio/tracks/${track}/audio`, { headers: auth })).body);
  const playlist = (await requestFrom(member.address, `${api}/live/${replay}/index.m3u8`)).body.toString();
  seen.replay = sha(Buffer.from(playlist));
  for (const segment of playlist.match(/seg-\d+\.ts/g) ?? []) seen[segment] = sha((await requestFrom(member.address, `${api}/live/${replay}/${segment}`)).body);
  return seen;
}

/**
 * The live stream stopped: its replay holds every segment, the bucket's outage included (the sequence has no hole).
 * Then backup and restore: `npm run backup` of the running cluster, `npm run restore` into a fresh PostgreSQL and an
 * empty bucket, and a new process on them serves the same accounts (sign-in works), likes, playlists, studio track
 * (same bytes) and replay.
 */
export async function replayAndBackup(rig: Rig, load: SteadyLoad, track: { trackId: string; owner: Member }): Promise<DrillReport> {
  const report = new DrillReport('replay, backup and restore');
  const owner = load.owner;
  const stopped = await requestFrom(owner.address, `${rig.api}/stream/${load.stream.id}/stop`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}` } });
  report.promise('the stream stops when its owner stops it', stopped.status === 204, `answered ${stopped.status}`);
  const replay = await within(20_000, async () => {
    const text = (await requestFrom(owner.address, `${rig.api}/live/${load.stream.id}/index.m3u8`)).body.toString();
    return text.includes('#EXT-X-ENDLIST') ? text : undefined;
  });
  // The parts the publisher's reconnections made (#EXT-X-DISCONTINUITY between them): within a part, every segment
  // ffmpeg wrote is there, the ones written while the bucket was away included.
  const parts: number[][] = [[]];
  for (const line of (replay ?? '').split('\n')) {
    if (line.startsWith('#EXT-X-DISCONTINUITY')) parts.push([]);
    const n = /^seg-(\d+)\.ts$/.exec(line.trim())?.[1];
    if (n !== undefined) parts.at(-1)!.push(Number(n));
  }
  const sequence = parts.flat();
  const holes = parts.flatMap((part) => part.slice(1).flatMap((n, i) => (n === part[i] + 1 ? [] : [`${part[i]} → ${n}`])));
  report.figure('segments in the replay', sequence.length);
  report.figure('parts of the replay (the publisher came back between them)', parts.filter((p) => p.length).length);
  if (!report.promise('the replay has every segment of each part: no hole in its sequence', replay !== undefined && sequence.length > 0 && holes.length === 0, holes.join(', '))) {
    const journal = await rig.sql<{ sequence: number; discontinuity: boolean }>('SELECT sequence, discontinuity FROM live_segments WHERE stream_id = $1 ORDER BY sequence', [load.stream.id]);
    report.figure('the journal around the holes', journal.filter((j, i) => i > 0 && j.sequence !== journal[i - 1].sequence + 1).map((j) => `${j.sequence}${j.discontinuity ? ' (discontinuity)' : ''}`).join(', ') || 'no hole in the journal');
    const lines = (replay ?? '').split('\n').filter((line) => line.startsWith('#EXT-X-DISC') || /seg-/.test(line));
    const at = lines.findIndex((line, i) => i > 0 && /seg-(\d+)/.test(line) && /seg-(\d+)/.test(lines[i - 1]) && Number(/seg-(\d+)/.exec(line)![1]) !== Number(/seg-(\d+)/.exec(lines[i - 1])![1]) + 1);
    report.figure("the replay's lines around the first hole", lines.slice(Math.max(0, at - 3), at + 3).join(' '));
  }
  let missing = 0;
  for (const n of sequence) if ((await requestFrom(owner.address, `${rig.api}/live/${load.stream.id}/seg-${n}.ts`)).status !== 200) missing++;
  report.promise('every segment of the replay is served', missing === 0, `${missing} not served`);

  const member = track.owner;
  const before = await seenBy(rig.api, member, member.token, track.trackId, load.stream.id);
  const folder = path.join(mkdtempSync(path.join(rig.root, 'backup-')), 'backup');
  const source = { DATABASE_URL: rig.databaseUrl, ...rig.store.env(), PG_BIN: rig.database.bin };
  let t = Date.now();
  const backup = await runScript('backup', [folder], source);
  report.figure('npm run backup', (Date.now() - t) / 1000, ' s');
  if (!report.promise('npm run backup succeeds on the running cluster', backup.code === 0, backup.stderr.trim().split('\n').at(-1))) return report;
  const manifest = JSON.parse(readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as { media: { objects: number } };
  report.figure('database dump', `${(statSync(path.join(folder, 'database.dump')).size / 1024).toFixed(0)} KiB`);
  report.figure('objects in the backup', manifest.media.objects);

  const database = await startDebianPostgres();
  const store = await new LocalObjectStore().start();
  try {
    t = Date.now();
    const restore = await runScript('restore', [folder], { DATABASE_URL: database.url, ...store.env(), PG_BIN: database.bin });
    report.figure('npm run restore (into a fresh PostgreSQL and bucket)', (Date.now() - t) / 1000, ' s');
    if (!report.promise('npm run restore succeeds', restore.code === 0, restore.stderr.trim().split('\n').at(-1))) return report;
    const server = await startServerProcess(database.url, mkdtempSync(path.join(rig.root, 'restored-')), { ...store.env(), STATIONS_FILE: path.join(rig.root, 'stations.json') });
    try {
      const api = `${server.base}/api/v1`;
      const signIn = await requestFrom(member.address, `${api}/auth/token?grant_type=password`, { method: 'POST', body: { email: member.email, password: member.password } });
      report.promise('sign-in works on the restored cluster, with the same password', signIn.status === 200, `answered ${signIn.status}`);
      const after = signIn.status === 200 ? await seenBy(api, member, signIn.json().access_token as string, track.trackId, load.stream.id) : {};
      const differ = Object.keys(before).filter((k) => before[k] !== after[k]);
      report.figure('things compared (likes, playlists, the track, the replay and its segments)', Object.keys(before).length);
      report.promise('the restored cluster serves the same likes, playlists, studio track bytes and replay', differ.length === 0, differ.join(', '));
    } finally {
      await server.stop();
    }
  } finally {
    await store.stop();
    await database.stop();
  }
  log('backup and restore done');
  return report;
}
