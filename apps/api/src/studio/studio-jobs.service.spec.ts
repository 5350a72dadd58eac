import { MediaLinks } from './media-link';
import type { AppConfig } from '../core/config/config';
import type { WebhookOutbox } from '../webhooks/webhook-outbox.service';
import type { EventBus } from '../repositories/event-bus';
import type { Ffmpeg } from '../repositories/ffmpeg';
import type { JobQueue } from '../repositories/job-queue';
import { type MediaStorage, StorageUnavailableError } from '../repositories/media-storage';
import { type MusicProvider, ProviderRateLimited } from '../repositories/music-provider';
import type { GenerationRow, NewTrack, StartedGeneration, StudioRepository } from '../repositories/studio.repository';
import { ProviderAnswerError, type ProviderPoll } from '../repositories/music-provider-dialects';
import { StudioJobs } from './studio-jobs.service';
import type { GenerationStatus } from '../repositories/schema/studio-generation.entity';
import type { TrackRenderer } from './track-renderer';
import { Metrics } from '../core/metrics/metrics';

// A studio job's rules on their own. The generations table is an in-memory stand-in that makes the same state
// changes as StudioRepository's conditional UPDATEs (queued → running → succeeded | failed, each at most once); the
// renderer, ffmpeg, the store, the provider and the buses are mocks.

const params = { prompt: 'szybki punk o deszczu', title: 'Deszcz', genre: 'punk-rock', length: '30s', tool: 'builtin' };

function generationsTable(engine: 'builtin' | 'provider', status: GenerationStatus = 'queued') {
  const row: GenerationRow = {
    id: 'g1',
    userId: 'u1',
    status,
    engine,
    params,
    seed: 7,
    generatorVersion: 1,
    providerTaskIds: null,
    notice: null,
    errorCode: null,
    errorMessage: null,
    createdAt: new Date(),
    startedAt: status === 'running' ? new Date() : null,
  };
  const tracks: NewTrack[] = [];
  const repository = {
    row,
    tracks,
    start: jest.fn(async (): Promise<StartedGeneration | undefined> => {
      if (row.status !== 'queued' && row.status !== 'running') return undefined;
      const resumed = row.status === 'running';
      Object.assign(row, { status: 'running', startedAt: row.startedAt ?? new Date() });
      return { ...row, resumed };
    }),
    setProviderTaskIds: jest.fn(async (_id: string, ids: string[]) => void (row.providerTaskIds = ids)),
    fallBackToBuiltin: jest.fn(async (_id: string, notice: string) => void Object.assign(row, { engine: 'builtin', notice })),
    finish: jest.fn(async (_id: string, _user: string, made: NewTrack[]) => {
      if (row.status !== 'running') return false;
      row.status = 'succeeded';
      tracks.push(...made);
      return true;
    }),
    fail: jest.fn(async (_id: string, code: string, message: string) => {
      if (row.status !== 'queued' && row.status !== 'running') return undefined;
      Object.assign(row, { status: 'failed', errorCode: code, errorMessage: message });
      return row;
    }),
    tracksOfGenerations: jest.fn(async () =>
      tracks.map((t, i) => ({ ...t, id: `t${i}`, userId: 'u1', generationId: 'g1', createdAt: new Date(), params, engine: row.engine })),
    ),
  };
  return repository;
}

function setUp(engine: 'builtin' | 'provider' = 'builtin', { status, timeoutSeconds = 60 }: { status?: GenerationStatus; timeoutSeconds?: number } = {}) {
  const generations = generationsTable(engine, status);
  const config = { publicUrl: 'https://grouarock.example', studio: { workers: 1, provider: { pollSeconds: 0, timeoutSeconds } } } as unknown as AppConfig;
  const renderer = { render: jest.fn(async () => ({ left: new Float32Array(4), right: new Float32Array(4), sampleRate: 44_100, tags: ['punk rock', '180 BPM'] })) };
  const ffmpeg = { encodeMp3: jest.fn(async () => Buffer.from('mp3')) };
  const storage = { put: jest.fn(async () => undefined), remove: jest.fn(async () => undefined) };
  const provider = {
    submit: jest.fn(async () => ['task-1']),
    poll: jest.fn(async (): Promise<ProviderPoll> => ({ state: 'done', clips: [{ id: 'c1', title: 'Clip', audioUrl: 'https://p.example/c1.mp3', imageUrl: null, tags: 'punk', duration: 120 }] })),
    download: jest.fn(async () => Buffer.from('provider-mp3')),
  };
  const bus = { publish: jest.fn(async () => undefined) };
  const outbox = { publish: jest.fn(async () => 'msg_1') };
  const metrics = new Metrics();
  const jobs = new StudioJobs(
    config,
    {} as JobQueue,
    generations as unknown as StudioRepository,
    renderer as unknown as TrackRenderer,
    ffmpeg as unknown as Ffmpeg,
    storage as unknown as MediaStorage,
    provider as unknown as MusicProvider,
    bus as unknown as EventBus,
    outbox as unknown as WebhookOutbox,
    metrics,
    new MediaLinks('test-secret-that-is-long-enough-0123456789', 3600),
  );
  const told = () => bus.publish.mock.calls.map(([event]: unknown[]) => (event as { type: string }).type);
  return { jobs, generations, renderer, storage, provider, bus, outbox, told, metrics };
}

describe('StudioJobs.run with the built-in generator', () => {
  it('takes a queued generation through running to succeeded, stores its files and tells the page and the webhooks', async () => {
    const { jobs, generations, storage, bus, outbox } = setUp();
    await jobs.run('g1');
    expect(generations.row.status).toBe('succeeded');
    expect(generations.tracks).toEqual([expect.objectContaining({ position: 0, title: 'Deszcz', duration: 30, audioKey: 'studio/g1/0.mp3', imageKey: 'studio/g1/0.svg', audioBytes: 3 })]);
    expect(storage.put.mock.calls.map(([key]: unknown[]) => key)).toEqual(['studio/g1/0.mp3', 'studio/g1/0.svg']);
    expect(bus.publish).toHaveBeenCalledWith(expect.objectContaining({ channel: 'user.u1', type: 'track_ready', data: expect.objectContaining({ task_id: 'g1' }) }));
    expect(outbox.publish).toHaveBeenCalledWith('track_ready', expect.objectContaining({ task_id: 'g1' }), 'u1');
  });

  it('counts each render by its result, with its seconds', async () => {
    const made = setUp();
    await made.jobs.run('g1');
    const failed = setUp();
    failed.renderer.render.mockRejectedValueOnce(new Error('out of notes'));
    await failed.jobs.run('g1');
    expect((await made.metrics.text()).match(/^grouarock_studio_renders_total\{result="(\w+)"\} (\d+)$/gm)).toEqual(['grouarock_studio_renders_total{result="completed"} 1', 'grouarock_studio_renders_total{result="failed"} 0']);
    expect(await failed.metrics.text()).toMatch(/^grouarock_studio_render_seconds_count\{result="failed"\} 1$/m);
  });

  it.each(['succeeded', 'failed'] as const)('does nothing for a generation that has already %s (a duplicate job)', async (status) => {
    const { jobs, generations, renderer, told } = setUp('builtin', { status });
    await jobs.run('g1');
    expect(generations.row.status).toBe(status);
    expect(renderer.render).not.toHaveBeenCalled();
    expect(told()).toEqual([]);
  });

  it('tells nothing when another run finished the generation first', async () => {
    const { jobs, generations, told } = setUp();
    generations.finish.mockResolvedValueOnce(false);
    await jobs.run('g1');
    expect(told()).toEqual([]);
  });

  it('fails a generation that cannot be made, removes what it wrote and gives its quota unit back', async () => {
    const { jobs, generations, renderer, storage, bus } = setUp();
    renderer.render.mockRejectedValueOnce(new Error('out of memory'));
    await jobs.run('g1');
    // A failed generation no longer counts against the daily limit (StudioRepository.usedToday).
    expect(generations.row).toMatchObject({ status: 'failed', errorCode: 'generation_failed' });
    expect(storage.remove).toHaveBeenCalledWith('studio/g1');
    expect(bus.publish).toHaveBeenCalledWith(expect.objectContaining({ type: 'generation_failed', data: { task_id: 'g1', error: { code: 'generation_failed', message: 'The track could not be generated' } } }));
  });

  it('hands a store failure back to the queue on a run that is not the last, so the retry stores the files again', async () => {
    const { jobs, generations, storage, told } = setUp();
    storage.put.mockRejectedValueOnce(new StorageUnavailableError('S3 is down'));
    await expect(jobs.run('g1', false)).rejects.toBeInstanceOf(StorageUnavailableError);
    expect(generations.row.status).toBe('running');
    expect(told()).toEqual([]);

    // The retry resumes the running generation and ends it.
    await jobs.run('g1', false);
    expect(generations.row.status).toBe('succeeded');
    expect(told()).toEqual(['track_ready']);
  });

  it('fails the generation when the store still fails on the last run, as not counting', async () => {
    const { jobs, generations, storage, told } = setUp('builtin', { status: 'running' });
    storage.put.mockRejectedValue(new StorageUnavailableError('S3 is down'));
    await jobs.run('g1');
    expect(generations.row).toMatchObject({ status: 'failed', errorCode: 'storage_unavailable' });
    expect(told()).toEqual(['generation_failed']);
  });
});

describe('StudioJobs.run with the provider', () => {
  it("stores the provider's clips as the generation's tracks and asks it to call back on our API", async () => {
    const { jobs, generations, provider, renderer } = setUp('provider');
    await jobs.run('g1');
    expect(provider.submit).toHaveBeenCalledWith(expect.objectContaining({ prompt: params.prompt, tags: 'punk rock', callbackUrl: 'https://grouarock.example/api/v1/studio/provider-callback' }));
    expect(generations.row).toMatchObject({ status: 'succeeded', engine: 'provider', providerTaskIds: ['task-1'], notice: null });
    expect(generations.tracks).toEqual([expect.objectContaining({ title: 'Clip', duration: 120, tags: 'punk', audioKey: 'studio/g1/0.mp3', imageKey: 'studio/g1/0.svg' })]);
    expect(renderer.render).not.toHaveBeenCalled();
    expect(jobs.circuit.isOpen()).toBe(false);
  });

  it('polls again while the provider is still making the track', async () => {
    const { jobs, generations, provider } = setUp('provider');
    provider.poll.mockResolvedValueOnce({ state: 'pending' }).mockResolvedValueOnce({ state: 'pending' });
    await jobs.run('g1');
    expect(provider.poll).toHaveBeenCalledTimes(3);
    expect(provider.submit).toHaveBeenCalledTimes(1);
    expect(generations.row.status).toBe('succeeded');
  });

  it('resumes a retried job with the task the provider already has, submitting nothing again', async () => {
    const { jobs, generations, provider } = setUp('provider', { status: 'running' });
    generations.row.providerTaskIds = ['task-0'];
    await jobs.run('g1');
    expect(provider.submit).not.toHaveBeenCalled();
    expect(provider.poll).toHaveBeenCalledWith(['task-0']);
  });

  it.each([
    ['the provider fails the task', 'provider_failed', (p: ReturnType<typeof setUp>['provider']) => p.poll.mockResolvedValueOnce({ state: 'failed', reason: 'provider_failed', message: 'busy' })],
    ['the provider does not accept it', 'provider_unavailable', (p: ReturnType<typeof setUp>['provider']) => p.submit.mockRejectedValueOnce(new ProviderAnswerError('502'))],
    ['polls fail three times in a row', 'provider_unavailable', (p: ReturnType<typeof setUp>['provider']) => p.poll.mockRejectedValue(new ProviderAnswerError('timeout'))],
  ])('falls back to the built-in generator when %s, with the notice %s', async (_, notice, arrange) => {
    const { jobs, generations, provider, renderer, told } = setUp('provider');
    arrange(provider);
    await jobs.run('g1');
    expect(generations.fallBackToBuiltin).toHaveBeenCalledWith('g1', notice);
    expect(generations.row).toMatchObject({ status: 'succeeded', engine: 'builtin', notice });
    expect(renderer.render).toHaveBeenCalledTimes(1);
    expect(told()).toEqual(['track_ready']);
  });

  it('falls back when the provider has not finished by the deadline', async () => {
    const { jobs, generations, provider } = setUp('provider', { timeoutSeconds: 0 });
    await jobs.run('g1');
    expect(provider.submit).not.toHaveBeenCalled();
    expect(generations.row).toMatchObject({ status: 'succeeded', notice: 'provider_timeout' });
  });

  it('waits out a rate limit instead of counting it as a failure', async () => {
    const { jobs, generations, provider } = setUp('provider');
    provider.poll.mockRejectedValueOnce(new ProviderRateLimited(0)).mockRejectedValueOnce(new ProviderRateLimited(0)).mockRejectedValueOnce(new ProviderRateLimited(0));
    await jobs.run('g1');
    expect(generations.fallBackToBuiltin).not.toHaveBeenCalled();
    expect(generations.row).toMatchObject({ status: 'succeeded', engine: 'provider' });
  });

  it.each([
    ['in its answer to a poll', (p: ReturnType<typeof setUp>['provider']) => p.poll.mockResolvedValueOnce({ state: 'failed', reason: 'content_refused', message: 'Lyrics contain copyrighted words' })],
    ['when it is submitted', (p: ReturnType<typeof setUp>['provider']) => p.submit.mockRejectedValueOnce(new ProviderAnswerError('Lyrics contain copyrighted words', 'content_refused'))],
  ])('fails a prompt the provider refuses %s, without the built-in generator standing in', async (_, arrange) => {
    const { jobs, generations, provider, renderer, told } = setUp('provider');
    arrange(provider);
    await jobs.run('g1');
    expect(generations.row).toMatchObject({ status: 'failed', errorCode: 'content_refused', errorMessage: 'Lyrics contain copyrighted words' });
    expect(renderer.render).not.toHaveBeenCalled();
    expect(told()).toEqual(['generation_failed']);
  });

  it('stops asking the provider after three generations it failed in a row (the circuit opens)', async () => {
    const runs = [setUp('provider'), setUp('provider'), setUp('provider')];
    const circuit = runs[0].jobs.circuit;
    for (const run of runs) {
      run.provider.poll.mockResolvedValueOnce({ state: 'failed', reason: 'provider_failed', message: 'busy' });
      Object.defineProperty(run.jobs, 'circuit', { value: circuit });
      await run.jobs.run('g1');
    }
    expect(circuit.isOpen()).toBe(true);
  });
});
