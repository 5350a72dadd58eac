/** Just enough of a browser for redirect flows: a cookie jar and manual redirects over real HTTP. */
export class TestBrowser {
  readonly cookies = new Map<string, string>();

  constructor(private readonly forwardedFor = '198.51.100.1') {}

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const jar = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (jar) headers.set('cookie', jar);
    headers.set('x-forwarded-for', this.forwardedFor);
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      const expired = attributes.some((a) => /expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    return res;
  }

  /** Follows redirects (up to 10); returns the last response and every URL visited. */
  async navigate(url: string): Promise<{ response: Response; visited: string[] }> {
    const visited = [url];
    let response = await this.request(url);
    for (let i = 0; i < 10 && response.status >= 300 && response.status < 400; i++) {
      const next = new URL(response.headers.get('location') as string, visited[visited.length - 1]).toString();
      visited.push(next);
      if (!next.startsWith('http://127.0.0.1')) break;
      response = await this.request(next);
    }
    return { response, visited };
  }
}
