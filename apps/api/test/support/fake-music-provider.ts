import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../src/core/config/config';
import { Ffmpeg } from '../../src/repositories/ffmpeg';

export type ProviderKind = 'task' | 'relay' | 'gcui';

/**
 * How the fake behaves for a request, chosen by a word in its prompt:
 * - success (no word): pending, then "streaming", then two finished clips;
 * - `stuck`: the clips stay "streaming" for ever;
 * - `fails`: the provider fails the task;
 * - `refused`: the provider refuses the words (sensitive / copyright);
 * - `placeholder`: "complete" with Suno's None.mp3 placeholder;
 * - `ratelimited`: the first two submits get 429 with Retry-After: 1;
 * - `hangs`: submits are never answered.
 */
export type Scenario = 'success' | 'stuck' | 'fails' | 'refused' | 'placeholder' | 'ratelimited' | 'hangs';
const SCENARIOS: Scenario[] = ['stuck', 'fails', 'refused', 'placeholder', 'ratelimited', 'hangs'];

interface FakeTask {
  id: string;
  clipIds: [string, string];
  scenario: Scenario;
  prompt: string;
  polls: number;
}

/** A 1 s MP3 and a 1×1 PNG the fake serves as its "CDN" files. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a3c5ad1b0000000049454e44ae426082', 'hex');

/**
 * A local Suno-compatible music API in any of the three dialects the studio speaks (task: sunoapi.org/kie.ai, relay:
 * Suno-API/new-api, gcui: gcui-art/suno-api), with its own media URLs, counting what it was asked.
 */
export class FakeMusicProvider {
  readonly tasks = new Map<string, FakeTask>();
  submits = 0;
  rateLimited = 0;
  private server?: Server;
  private mp3?: Buffer;
  base = '';

  constructor(
    readonly kind: ProviderKind,
    readonly key = 'provider-test-key',
  ) {}

  async start(): Promise<string> {
    this.mp3 = execFileSync(new Ffmpeg(loadConfig({})).binary, ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:a', 'libmp3lame', '-b:a', '64k', '-f', 'mp3', 'pipe:1']);
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.base;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.base);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>) : {};
    const json = (status: number, value: unknown, headers: Record<string, string> = {}): void => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(value));
    };

    if (url.pathname.startsWith('/cdn/')) {
      if (url.pathname.endsWith('.mp3')) return void res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(this.mp3);
      return void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    }
    if (req.headers.authorization !== `Bearer ${this.key}`) return json(401, { error: 'Unauthorized' });

    const submitPath = { task: '/api/v1/generate', relay: '/suno/submit/music', gcui: '/api/custom_generate' }[this.kind];
    if (req.method === 'POST' && url.pathname === submitPath) return this.submit(String(body.prompt ?? ''), json);

    if (this.kind === 'task' && url.pathname === '/api/v1/generate/record-info') {
      const task = this.tasks.get(url.searchParams.get('taskId') ?? '');
      if (!task) return json(200, { code: 404, msg: 'task not found' });
      const state = this.advance(task);
      const status = { pending: 'PENDING', streaming: 'FIRST_SUCCESS', complete: 'SUCCESS', error: 'GENERATE_AUDIO_FAILED', refused: 'SENSITIVE_WORD_ERROR', placeholder: 'SUCCESS' }[state];
      const sunoData = state === 'complete' || state === 'placeholder' ? task.clipIds.map((id, i) => this.camelClip(id, i, state === 'placeholder')) : [];
      return json(200, { code: 200, msg: 'success', data: { taskId: task.id, status, response: { sunoData }, errorMessage: state === 'error' ? 'audio generation failed' : state === 'refused' ? 'sensitive words' : null } });
    }
    if (this.kind === 'task' && url.pathname === '/api/v1/generate/credit') return json(200, { code: 200, msg: 'success', data: 100 });

    if (this.kind === 'relay' && url.pathname === '/suno/fetch') {
      const ids = (body.ids as string[]) ?? [];
      const data = ids
        .map((id) => this.tasks.get(id))
        .filter((t): t is FakeTask => !!t)
        .map((task) => {
          const state = this.advance(task);
          const status = { pending: 'QUEUED', streaming: 'IN_PROGRESS', complete: 'SUCCESS', error: 'FAILURE', refused: 'FAILURE', placeholder: 'SUCCESS' }[state];
          return { task_id: task.id, status, fail_reason: state === 'refused' ? 'prompt contains sensitive words' : state === 'error' ? 'generation failed' : '', data: task.clipIds.map((id, i) => this.snakeClip(id, i, state)) };
        });
      return json(200, { code: 'success', message: '', data });
    }

    if (this.kind === 'gcui' && url.pathname === '/api/get') {
      const ids = (url.searchParams.get('ids') ?? '').split(',');
      const clips = [...this.tasks.values()].flatMap((task) =>
        task.clipIds.filter((id) => ids.includes(id)).map((id) => this.snakeClip(id, task.clipIds.indexOf(id), this.advance(task, id === task.clipIds[0]))),
      );
      return json(200, clips);
    }
    if (this.kind === 'gcui' && url.pathname === '/api/get_limit') return json(200, { credits_left: 50, period: 'day', monthly_limit: 50, monthly_usage: 0 });

    json(404, { error: 'not found' });
  }

  private submit(prompt: string, json: (status: number, value: unknown, headers?: Record<string, string>) => void): void {
    const scenario = SCENARIOS.find((s) => prompt.includes(s)) ?? 'success';
    if (scenario === 'hangs') return;
    if (scenario === 'ratelimited' && this.rateLimited < 2) {
      this.rateLimited++;
      return json(429, { error: 'Too many requests' }, { 'retry-after': '1' });
    }
    this.submits++;
    const task: FakeTask = { id: randomUUID(), clipIds: [randomUUID(), randomUUID()], scenario, prompt, polls: 0 };
    this.tasks.set(task.id, task);
    if (this.kind === 'task') return json(200, { code: 200, msg: 'success', data: { taskId: task.id } });
    if (this.kind === 'relay') return json(200, { code: 'success', message: '', data: task.id });
    json(200, task.clipIds.map((id, i) => this.snakeClip(id, i, 'pending')));
  }

  /** Where the task is now: each poll moves it on (pending → streaming → complete), unless its scenario stops it. */
  private advance(task: FakeTask, count = true): 'pending' | 'streaming' | 'complete' | 'error' | 'refused' | 'placeholder' {
    if (count) task.polls++;
    if (task.polls < 2) return 'pending';
    if (task.scenario === 'stuck' || task.polls < 3) return 'streaming';
    if (task.scenario === 'fails') return 'error';
    if (task.scenario === 'refused') return 'refused';
    if (task.scenario === 'placeholder') return 'placeholder';
    return 'complete';
  }

  private camelClip(id: string, i: number, placeholder: boolean) {
    return {
      id,
      audioUrl: placeholder ? 'https://cdn1.suno.ai/None.mp3' : `${this.base}/cdn/${id}.mp3`,
      streamAudioUrl: `${this.base}/stream/${id}`,
      imageUrl: `${this.base}/cdn/${id}.png`,
      title: `Fake ${i + 1}`,
      tags: 'punk, fast',
      duration: 1.0,
    };
  }

  private snakeClip(id: string, i: number, state: string) {
    const status = { pending: 'submitted', streaming: 'streaming', complete: 'complete', error: 'error', refused: 'error', placeholder: 'complete' }[state] ?? 'queued';
    return {
      id,
      title: `Fake ${i + 1}`,
      status,
      audio_url: state === 'streaming' ? `${this.base}/stream/${id}` : state === 'placeholder' ? 'https://cdn1.suno.ai/None.mp3' : state === 'complete' ? `${this.base}/cdn/${id}.mp3` : '',
      image_url: `${this.base}/cdn/${id}.png`,
      tags: 'punk, fast',
      duration: state === 'complete' ? 1.0 : null,
      error_message: state === 'refused' ? 'sensitive words in the prompt' : state === 'error' ? 'generation failed' : null,
      metadata: { tags: 'punk, fast', duration: state === 'complete' ? 1.0 : null, error_message: state === 'refused' ? 'sensitive words in the prompt' : null },
    };
  }
}
