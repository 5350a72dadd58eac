import type { MusicProviderKind } from '../core/config/environment.dto';

/** What we ask a provider for: an instrumental track in the user's style. */
export interface ProviderRequest {
  prompt: string;
  title: string;
  /** The style, e.g. "punk rock". */
  tags: string;
  /** Where a task API may call back (we poll anyway). */
  callbackUrl: string;
}

/** A finished clip, with the provider's URLs (which we copy into our own storage). */
export interface ProviderClip {
  id: string;
  title: string | null;
  audioUrl: string;
  imageUrl: string | null;
  tags: string | null;
  duration: number | null;
}

/** Why a provider's answer is no track: the user's words were refused, or the provider failed. */
export type ProviderFailure = 'content_refused' | 'provider_failed';

export type ProviderPoll = { state: 'pending' } | { state: 'done'; clips: ProviderClip[] } | { state: 'failed'; reason: ProviderFailure; message: string };

export interface HttpCall {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

/** One provider API's shape: how to submit, how to ask about the submitted work, and how to read the answers. */
export interface ProviderDialect {
  submit(request: ProviderRequest): HttpCall;
  /** The ids to poll with: the task's, or the clips'. Throws ProviderAnswerError on an answer that is not an acceptance. */
  submitted(body: unknown): string[];
  poll(ids: string[]): HttpCall;
  polled(body: unknown, ids: string[]): ProviderPoll;
  /** A cheap request that says whether the provider answers and accepts our key (spending no credits). */
  health(): HttpCall;
}

/** An answer in the provider's shape that says no, or one that is not in its shape at all. */
export class ProviderAnswerError extends Error {
  constructor(
    message: string,
    readonly reason: ProviderFailure | 'provider_unavailable' = 'provider_unavailable',
  ) {
    super(message);
    this.name = 'ProviderAnswerError';
  }
}

/** Suno's placeholder for audio that does not exist (gcui-art/suno-api#146): never a finished clip. */
const PLACEHOLDER_AUDIO = /\/None\.mp3$/i;
/** What providers say when they refuse a prompt's words (sensitive words, copyrighted lyrics, an existing work). */
export const REFUSAL = /sensitive|copyright|moderat|banned|prohibited|existing work|lyrics contain/i;

const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);
const number = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null);
const httpUrl = (value: unknown): string | null => {
  const url = text(value);
  return url && /^https?:\/\//i.test(url) && !PLACEHOLDER_AUDIO.test(url) ? url : null;
};

function failure(message: string | null, fallback: string): ProviderPoll {
  const said = message ?? fallback;
  return { state: 'failed', reason: REFUSAL.test(said) ? 'content_refused' : 'provider_failed', message: said.slice(0, 300) };
}

/** A clip in gcui's or the relay's shape ({id, status, audio_url, image_url, title, tags|metadata}). */
type ClipState = { kind: 'complete'; clip: ProviderClip } | { kind: 'pending' } | { kind: 'error'; message: string | null };
function snakeClip(value: unknown): ClipState {
  const clip = record(value);
  const metadata = record(clip.metadata);
  const status = text(clip.status)?.toLowerCase();
  const id = text(clip.id);
  if (status === 'error') return { kind: 'error', message: text(metadata.error_message) ?? text(clip.error_message) };
  if (status !== 'complete' || !id) return { kind: 'pending' };
  // "complete" with the placeholder audio is a failure dressed as a success.
  const audioUrl = httpUrl(clip.audio_url);
  if (!audioUrl) return { kind: 'error', message: 'the provider finished without audio' };
  return {
    kind: 'complete',
    clip: { id, title: text(clip.title), audioUrl, imageUrl: httpUrl(clip.image_url), tags: text(clip.tags) ?? text(metadata.tags), duration: number(clip.duration) ?? number(metadata.duration) },
  };
}

/** All clips finished → done; any failed → failed; else still working (a "streaming" clip is not finished). */
function clipsPoll(states: ClipState[]): ProviderPoll {
  const error = states.find((s) => s.kind === 'error');
  if (error && error.kind === 'error') return failure(error.message, 'the provider could not make the track');
  if (!states.length || states.some((s) => s.kind === 'pending')) return { state: 'pending' };
  return { state: 'done', clips: states.map((s) => (s as { clip: ProviderClip }).clip) };
}

/** sunoapi.org, kie.ai and their kind: one task id for two tracks, camelCase, a required callback URL. */
const task: ProviderDialect = {
  submit: (r) => ({
    method: 'POST',
    path: '/api/v1/generate',
    body: { prompt: r.prompt, style: r.tags, title: r.title, customMode: true, instrumental: true, model: 'V4_5', callBackUrl: r.callbackUrl },
  }),
  submitted(body) {
    const answer = record(body);
    const taskId = text(record(answer.data).taskId);
    if (answer.code !== 200 || !taskId) throw new ProviderAnswerError(text(answer.msg) ?? 'the provider did not accept the request', REFUSAL.test(String(answer.msg)) ? 'content_refused' : 'provider_unavailable');
    return [taskId];
  },
  poll: ([taskId]) => ({ method: 'GET', path: `/api/v1/generate/record-info?taskId=${encodeURIComponent(taskId)}` }),
  polled(body) {
    const answer = record(body);
    if (answer.code !== 200) throw new ProviderAnswerError(text(answer.msg) ?? 'the provider did not answer about the task');
    const data = record(answer.data);
    const status = text(data.status) ?? 'PENDING';
    if (status === 'SUCCESS') {
      const tracks = Array.isArray(record(data.response).sunoData) ? (record(data.response).sunoData as unknown[]) : [];
      const clips = tracks.map((t) => {
        const track = record(t);
        const audioUrl = httpUrl(track.audioUrl);
        const id = text(track.id);
        return audioUrl && id ? { id, title: text(track.title), audioUrl, imageUrl: httpUrl(track.imageUrl), tags: text(track.tags), duration: number(track.duration) } : null;
      });
      if (!clips.length || clips.some((c) => !c)) return failure(null, 'the provider finished without audio');
      return { state: 'done', clips: clips as ProviderClip[] };
    }
    if (status === 'SENSITIVE_WORD_ERROR') return { state: 'failed', reason: 'content_refused', message: text(data.errorMessage) ?? 'the provider refused the words of the prompt' };
    if (/FAILED|EXCEPTION|ERROR/.test(status)) return failure(text(data.errorMessage), `the provider failed (${status})`);
    // PENDING, TEXT_SUCCESS, FIRST_SUCCESS: the tracks are not all there yet.
    return { state: 'pending' };
  },
  health: () => ({ method: 'GET', path: '/api/v1/generate/credit' }),
};

/** Suno-API (Go), new-api and the resellers that copy them: one task of two clips, polled in batches. */
const relay: ProviderDialect = {
  submit: (r) => ({ method: 'POST', path: '/suno/submit/music', body: { prompt: r.prompt, tags: r.tags, title: r.title, mv: 'chirp-v4', make_instrumental: true } }),
  submitted(body) {
    const answer = record(body);
    const taskId = text(answer.data);
    if (answer.code !== 'success' || !taskId) throw new ProviderAnswerError(text(answer.message) ?? 'the provider did not accept the request', REFUSAL.test(String(answer.message)) ? 'content_refused' : 'provider_unavailable');
    return [taskId];
  },
  poll: (ids) => ({ method: 'POST', path: '/suno/fetch', body: { ids, action: 'MUSIC' } }),
  polled(body, [taskId]) {
    const answer = record(body);
    if (answer.code !== 'success' || !Array.isArray(answer.data)) throw new ProviderAnswerError(text(answer.message) ?? 'the provider did not answer about the task');
    const found = record((answer.data as unknown[]).find((t) => record(t).task_id === taskId));
    const status = text(found.status) ?? 'UNKNOWN';
    if (status === 'FAILURE') return failure(text(found.fail_reason), 'the provider could not make the track');
    if (status !== 'SUCCESS') return { state: 'pending' };
    return clipsPoll((Array.isArray(found.data) ? found.data : []).map(snakeClip));
  },
  health: () => ({ method: 'POST', path: '/suno/fetch', body: { ids: [], action: 'MUSIC' } }),
};

/** gcui-art/suno-api, self-hosted: two clip ids straight away, polled together. */
const gcui: ProviderDialect = {
  submit: (r) => ({ method: 'POST', path: '/api/custom_generate', body: { prompt: r.prompt, tags: r.tags, title: r.title, make_instrumental: true, wait_audio: false } }),
  submitted(body) {
    const ids = (Array.isArray(body) ? body : []).map((c) => text(record(c).id)).filter((id): id is string => !!id);
    if (!ids.length) throw new ProviderAnswerError(text(record(body).error) ?? 'the provider did not accept the request');
    return ids;
  },
  poll: (ids) => ({ method: 'GET', path: `/api/get?ids=${ids.map(encodeURIComponent).join(',')}` }),
  polled(body, ids) {
    if (!Array.isArray(body)) throw new ProviderAnswerError(text(record(body).error) ?? 'the provider did not answer about the clips');
    return clipsPoll(ids.map((id) => snakeClip(body.find((c) => record(c).id === id))));
  },
  health: () => ({ method: 'GET', path: '/api/get_limit' }),
};

export const PROVIDER_DIALECTS: Readonly<Record<MusicProviderKind, ProviderDialect>> = { task, relay, gcui };
