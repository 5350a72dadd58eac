// Split from sdk.gen.ts by scripts/api-client.mjs: the operations tagged "assistant".

import { client } from '../client.gen';
import type { Options } from '../sdk.gen';
import type { ChatWithAssistantData, ChatWithAssistantErrors, ChatWithAssistantResponses } from '../types.gen';

/**
 * Ask the assistant. With Accept: text/event-stream the reply streams as `delta` events ({text}) and ends with a `done` event (the same object as the JSON answer)
 */
export const chatWithAssistant = <ThrowOnError extends boolean = false>(options: Options<ChatWithAssistantData, ThrowOnError>) => (options.client ?? client).post<ChatWithAssistantResponses, ChatWithAssistantErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/assistant/chat',
    ...options,
    headers: {
        'Content-Type': 'application/json',
        ...options.headers
    }
});
