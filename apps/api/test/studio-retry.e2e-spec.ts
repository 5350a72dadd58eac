import { MediaStorage, StorageUnavailableError } from '../src/repositories/media-storage';
import { signedInMember, useApiUnderTest } from './support/app';
import { studioClient } from './support/studio-client';

// A generation whose media store does not answer fails that run of its job, and pg-boss runs it again later, after
// JOB_RETRY_DELAY_SECONDS and then about twice as long each time, rather than at once: a short outage loses nothing.
describe('a studio generation while the media store is away for a few seconds', () => {
  const api = useApiUnderTest(() => ({ JOB_RETRY_DELAY_SECONDS: '1', STUDIO_WORKERS: '1' }));

  it('is tried again after the delay, not at once, and completes once the store is back', async () => {
    const storage = api.app.get(MediaStorage);
    const put = storage.put.bind(storage);
    const refused: number[] = [];
    // The store is away for the first two runs' writes (by count, not by time: a render on a busy machine may take
    // longer than an outage of fixed length), then back.
    storage.put = (...args: Parameters<MediaStorage['put']>) => {
      if (args[0].startsWith('studio/') && refused.length < 2) {
        refused.push(Date.now());
        return Promise.reject(new StorageUnavailableError('the store does not answer'));
      }
      return put(...args);
    };
    try {
      const member = await signedInMember(api, '10.62.0.1');
      const studio = studioClient(api.base, member.token, '10.62.0.1');
      const { body } = await studio.generate({ prompt: 'punk w ulewie', genre: 'punk-rock' });
      const generationId = body.task_ids[0] as string;
      const done = await studio.finished(generationId, 45_000);
      expect(done).toMatchObject({ completed: true, status: 'succeeded' });
      expect(done.tracks).toHaveLength(1);
      // The second run came 1–2 s after the first failed (plus its render), not at once.
      expect(refused).toHaveLength(2);
      expect(refused[1] - refused[0]).toBeGreaterThanOrEqual(1000);
      const [job] = await api.db.query<{ retry_count: number; state: string }>(`SELECT retry_count, state FROM pgboss.job WHERE name = 'studio.generate' AND data->>'generationId' = $1`, [
        generationId,
      ]);
      expect(job.state).toBe('completed');
      expect(job.retry_count).toBe(2);
      expect((await studio.usage()).body.used).toBe(1);
    } finally {
      storage.put = put;
    }
  }, 60_000);
});
