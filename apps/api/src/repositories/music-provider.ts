import { HttpService } from '@nestjs/axios';
import { Inject, Injectable } from '@nestjs/common';
import { isAxiosError } from 'axios';
import { firstValueFrom } from 'rxjs';
import type { AppConfig, StudioConfig } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
import { type HttpCall, PROVIDER_DIALECTS, ProviderAnswerError, REFUSAL, type ProviderDialect, type ProviderPoll, type ProviderRequest } from './music-provider-dialects';

/** The provider said to slow down: try again after `retryAfterMs`. */
export class ProviderRateLimited extends Error {
  constructor(readonly retryAfterMs: number) {
    super(`the provider limits our requests; retry in ${Math.round(retryAfterMs / 1000)} s`);
    this.name = 'ProviderRateLimited';
  }
}

/** The longest we honour a provider's Retry-After before asking again. */
const MAX_RETRY_AFTER_MS = 60_000;
/** Copied media over this size is refused (a 5:30 MP3 at 320 kbps is about 13 MB). */
const MAX_AUDIO_BYTES = 40 * 1024 * 1024;
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/**
 * The configured Suno-compatible music API (MUSIC_PROVIDER_URL, _KEY, _KIND), over @nestjs/axios: submit, poll, health
 * and copying the finished media. Every failure is a ProviderAnswerError (with why) or ProviderRateLimited.
 */
@Injectable()
export class MusicProvider {
  static readonly downloadTimeoutMs = 60_000;
  /** One request's limit: 15 s, or a quarter of the whole wait for a track when that is shorter. */
  private readonly timeoutMs: number;
  private readonly settings: StudioConfig['provider'];
  private readonly dialect?: ProviderDialect;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly http: HttpService,
  ) {
    this.settings = config.studio.provider;
    this.dialect = this.settings && PROVIDER_DIALECTS[this.settings.kind];
    this.timeoutMs = Math.min(15_000, (this.settings?.timeoutSeconds ?? 60) * 250);
  }

  get configured(): boolean {
    return !!this.settings;
  }

  get kind(): string | null {
    return this.settings?.kind ?? null;
  }

  async submit(request: ProviderRequest): Promise<string[]> {
    const dialect = this.require();
    return dialect.submitted(await this.call(dialect.submit(request)));
  }

  async poll(ids: string[]): Promise<ProviderPoll> {
    const dialect = this.require();
    return dialect.polled(await this.call(dialect.poll(ids)), ids);
  }

  /** Whether the provider answers and takes our key, and how fast. */
  async health(): Promise<{ reachable: boolean; latencyMs: number; error: string | null }> {
    const started = performance.now();
    try {
      await this.call(this.require().health());
      return { reachable: true, latencyMs: Math.round(performance.now() - started), error: null };
    } catch (e) {
      return { reachable: false, latencyMs: Math.round(performance.now() - started), error: (e as Error).message };
    }
  }

  /** A finished clip's audio or cover, into memory (then into our storage): never hot-linked. */
  async download(url: string, kind: 'audio' | 'image'): Promise<Buffer> {
    const max = kind === 'audio' ? MAX_AUDIO_BYTES : MAX_IMAGE_BYTES;
    try {
      const response = await firstValueFrom(
        this.http.get<ArrayBuffer>(url, { responseType: 'arraybuffer', timeout: MusicProvider.downloadTimeoutMs, maxContentLength: max, maxRedirects: 3 }),
      );
      const data = Buffer.from(response.data);
      if (!data.length) throw new ProviderAnswerError(`the provider's ${kind} is empty`);
      return data;
    } catch (e) {
      throw this.failure(e, `copying the provider's ${kind}`);
    }
  }

  private require(): ProviderDialect {
    if (!this.dialect) throw new ProviderAnswerError('no music provider is configured');
    return this.dialect;
  }

  private async call(call: HttpCall): Promise<unknown> {
    const settings = this.settings!;
    try {
      const response = await firstValueFrom(
        this.http.request<unknown>({
          url: `${settings.url}${call.path}`,
          method: call.method,
          data: call.body,
          headers: { Accept: 'application/json', ...(settings.key ? { Authorization: `Bearer ${settings.key}` } : {}) },
          timeout: this.timeoutMs,
          maxRedirects: 0,
        }),
      );
      return response.data;
    } catch (e) {
      throw this.failure(e, `${call.method} ${call.path.split('?')[0]}`);
    }
  }

  /** An HTTP failure as ours: 429 → rate limited; a 400 that names the words → refused; anything else → unavailable. */
  private failure(e: unknown, what: string): Error {
    if (e instanceof ProviderAnswerError) return e;
    if (!isAxiosError(e)) return new ProviderAnswerError(`${what}: ${(e as Error).message}`);
    const status = e.response?.status;
    if (status === 429) {
      const header = Number(e.response?.headers['retry-after']);
      return new ProviderRateLimited(Math.min(MAX_RETRY_AFTER_MS, Number.isFinite(header) && header >= 0 ? header * 1000 : 5000));
    }
    const said = JSON.stringify(e.response?.data ?? '').slice(0, 200);
    if (status === 400 && REFUSAL.test(said)) return new ProviderAnswerError(`the provider refused the prompt: ${said}`, 'content_refused');
    if (status) return new ProviderAnswerError(`${what}: the provider answered ${status}`);
    return new ProviderAnswerError(`${what}: ${e.code === 'ECONNABORTED' ? `no answer within ${this.timeoutMs / 1000} s` : e.message}`);
  }
}
