import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { apiClient, createClientLog, getHealth } from './index';

describe('generated API client', () => {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    return { data: { id: 'abc' }, status: 201, statusText: 'Created', headers: {}, config };
  };

  beforeAll(() => apiClient.instance.defaults.adapter = adapter);
  beforeEach(() => (seen.length = 0));

  it('posts a client log as JSON to the versioned path', async () => {
    const res = await createClientLog({ body: { kind: 'not_found', path: '/nope' } });
    expect(res.data).toEqual({ id: 'abc' });
    expect(seen[0].method).toBe('post');
    expect(seen[0].url).toBe('/api/v1/client-logs');
    expect(JSON.parse(seen[0].data as string)).toEqual({ kind: 'not_found', path: '/nope' });
  });

  it('reads health with a GET', async () => {
    await getHealth();
    expect(seen[0]).toMatchObject({ method: 'get', url: '/api/v1/health' });
  });
});
