import { chatWithAssistant, type ChatDto, type ChatReplyDto } from '@grouarock/api-client';

export type { ChatReplyDto };
export type ChatLocale = NonNullable<ChatDto['locale']>;

/** The API's limit (assistant.dto.ts). */
export const MESSAGE_MAX = 1000;

/** Server-sent events as they arrive: each complete `event:`/`data:` block, in order. */
async function* events(stream: ReadableStream<Uint8Array>): AsyncGenerator<{ event: string; data: string }> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? '';
      yield { event, data };
    }
  }
}

/**
 * POST /assistant/chat as a stream: `onText` gets each piece of the reply as it comes, and the promise the whole reply
 * (with its links) when the server is done.
 */
export async function streamChat(body: ChatDto, onText: (text: string) => void, signal?: AbortSignal): Promise<ChatReplyDto> {
  const { data } = await chatWithAssistant({ body, parseAs: 'stream', headers: { Accept: 'text/event-stream' }, throwOnError: true, signal });
  for await (const { event, data: payload } of events(data as unknown as ReadableStream<Uint8Array>)) {
    if (event === 'delta') onText((JSON.parse(payload) as { text: string }).text);
    if (event === 'done') return JSON.parse(payload) as ChatReplyDto;
  }
  throw new Error('The reply ended before it was done');
}
