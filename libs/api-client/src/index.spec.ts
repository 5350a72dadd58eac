import { apiClient, createClientLog, getHealth } from './index';

describe('generated API client', () => {
  const seen: Request[] = [];

  beforeAll(() =>
    apiClient.setConfig({
      baseUrl: 'http://localhost',
      // The generated client always calls its fetch with a single Request.
      fetch: (async (request: Request) => {
        seen.push(request);
        return Response.json({ id: 'abc' }, { status: 201 });
      }) as typeof fetch,
    }),
  );
  beforeEach(() => (seen.length = 0));

  it('posts a client log as JSON to the versioned path', async () => {
    const res = await createClientLog({ body: { kind: 'not_found', path: '/nope' } });
    expect(res.data).toEqual({ id: 'abc' });
    expect(seen[0].method).toBe('POST');
    expect(new URL(seen[0].url).pathname).toBe('/api/v1/client-logs');
    expect(seen[0].headers.get('Content-Type')).toBe('application/json');
    expect(await seen[0].json()).toEqual({ kind: 'not_found', path: '/nope' });
  });

  it('reads health with a GET', async () => {
    await getHealth();
    expect(seen[0].method).toBe('GET');
    expect(new URL(seen[0].url).pathname).toBe('/api/v1/health');
  });
});
