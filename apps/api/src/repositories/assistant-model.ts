import { Inject, Injectable } from '@nestjs/common';
import OpenAI from 'openai';
import type { ChatCompletionFunctionTool, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { AppConfig } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';

export type ModelMessage = ChatCompletionMessageParam;
export type ModelTool = ChatCompletionFunctionTool;

export interface ToolCall {
  id: string;
  name: string;
  /** The model's JSON, unparsed (it may not be JSON at all). */
  arguments: string;
}

/** What one completion gave: its text (streamed through `onText` as it came), tool calls, and why it stopped. */
export interface Completion {
  text: string;
  toolCalls: ToolCall[];
  finishReason: string | null;
}

/** The model's answer stopped coming: no chunk for the idle limit, or the whole reply took too long. */
export class ModelStalled extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ModelStalled';
  }
}

/**
 * The assistant's OpenAI-compatible model (ASSISTANT_URL, _KEY, _MODEL) through the `openai` SDK: one streamed chat
 * completion at a time. The SDK's own timeout covers the wait for headers; a stream that stalls midway is caught by
 * our idle timer, and then ends without a finish reason (which the caller counts as truncated).
 */
@Injectable()
export class AssistantModel {
  private readonly client?: OpenAI;
  private readonly model?: string;
  /** The longest pause between two chunks of a streamed reply, and the longest whole reply. */
  private readonly idleMs: number = 0;
  private readonly totalMs: number = 0;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const settings = config.assistant;
    if (!settings) return;
    this.client = new OpenAI({ baseURL: settings.url, apiKey: settings.key ?? 'unused', timeout: 20_000, maxRetries: 1 });
    this.model = settings.model;
    this.idleMs = settings.idleSeconds * 1000;
    this.totalMs = settings.idleSeconds * 3000;
  }

  get configured(): boolean {
    return !!this.client;
  }

  /** One streamed completion; `cancel` (the asker went away) ends it and the request to the model at once. */
  async complete(messages: ModelMessage[], tools: ModelTool[], onText: (text: string) => void, cancel?: AbortSignal): Promise<Completion> {
    const limits = { idleMs: this.idleMs, totalMs: this.totalMs };
    if (!this.client || !this.model) throw new Error('No assistant model is configured');
    const abort = new AbortController();
    if (cancel?.aborted) abort.abort();
    cancel?.addEventListener('abort', () => abort.abort(), { once: true });
    let stalled: string | undefined;
    const stall = (why: string) => {
      stalled = why;
      abort.abort();
    };
    let idle = setTimeout(() => stall(`no answer for ${limits.idleMs / 1000} s`), limits.idleMs);
    const total = setTimeout(() => stall(`the reply took over ${limits.totalMs / 1000} s`), limits.totalMs);
    const calls = new Map<number, ToolCall>();
    let text = '';
    let finishReason: string | null = null;
    try {
      const stream = await this.client.chat.completions.create(
        { model: this.model, messages, stream: true, temperature: 0.3, max_tokens: 600, ...(tools.length ? { tools } : {}) },
        { signal: abort.signal },
      );
      for await (const chunk of stream) {
        clearTimeout(idle);
        idle = setTimeout(() => stall(`no answer for ${limits.idleMs / 1000} s`), limits.idleMs);
        const choice = chunk.choices[0];
        if (!choice) continue;
        const delta = choice.delta;
        if (delta?.content) {
          text += delta.content;
          onText(delta.content);
        }
        for (const call of delta?.tool_calls ?? []) {
          const known = calls.get(call.index) ?? { id: '', name: '', arguments: '' };
          calls.set(call.index, { id: call.id ?? known.id, name: call.function?.name ?? known.name, arguments: known.arguments + (call.function?.arguments ?? '') });
        }
        if (choice.finish_reason) finishReason = choice.finish_reason;
      }
    } catch (e) {
      if (!stalled) throw e;
    } finally {
      clearTimeout(idle);
      clearTimeout(total);
    }
    if (stalled) throw new ModelStalled(stalled);
    return { text, toolCalls: [...calls.values()].filter((c) => c.name), finishReason };
  }
}
