// Split from sdk.gen.ts by scripts/api-client.mjs: the operations tagged "webhooks".

import { client } from '../client.gen';
import type { Options } from '../sdk.gen';
import type { CreateWebhookData, CreateWebhookErrors, CreateWebhookResponses, DeleteWebhookData, DeleteWebhookErrors, DeleteWebhookResponses, EnableWebhookData, EnableWebhookErrors, EnableWebhookResponses, GetWebhookData, GetWebhookErrors, GetWebhookResponses, ListWebhookAttemptsData, ListWebhookAttemptsErrors, ListWebhookAttemptsResponses, ListWebhooksData, ListWebhooksErrors, ListWebhooksResponses, RetryWebhookMessageData, RetryWebhookMessageErrors, RetryWebhookMessageResponses, RotateWebhookSecretData, RotateWebhookSecretErrors, RotateWebhookSecretResponses, TestWebhookData, TestWebhookErrors, TestWebhookResponses, UpdateWebhookData, UpdateWebhookErrors, UpdateWebhookResponses } from '../types.gen';

/**
 * Your webhook endpoints (never their secrets) and the events they can receive
 */
export const listWebhooks = <ThrowOnError extends boolean = false>(options?: Options<ListWebhooksData, ThrowOnError>) => (options?.client ?? client).get<ListWebhooksResponses, ListWebhooksErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/webhooks',
    ...options
});

/**
 * Receive events at a URL, signed as Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature)
 */
export const createWebhook = <ThrowOnError extends boolean = false>(options: Options<CreateWebhookData, ThrowOnError>) => (options.client ?? client).post<CreateWebhookResponses, CreateWebhookErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/webhooks',
    ...options,
    headers: {
        'Content-Type': 'application/json',
        ...options.headers
    }
});

/**
 * Stop sending events there, and forget its log
 */
export const deleteWebhook = <ThrowOnError extends boolean = false>(options: Options<DeleteWebhookData, ThrowOnError>) => (options.client ?? client).delete<DeleteWebhookResponses, DeleteWebhookErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/webhooks/{id}',
    ...options
});

/**
 * One of your webhook endpoints
 */
export const getWebhook = <ThrowOnError extends boolean = false>(options: Options<GetWebhookData, ThrowOnError>) => (options.client ?? client).get<GetWebhookResponses, GetWebhookErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/webhooks/{id}',
    ...options
});

/**
 * Change the URL or the events
 */
export const updateWebhook = <ThrowOnError extends boolean = false>(options: Options<UpdateWebhookData, ThrowOnError>) => (options.client ?? client).patch<UpdateWebhookResponses, UpdateWebhookErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/webhooks/{id}',
    ...options,
    headers: {
        'Content-Type': 'application/json',
        ...options.headers
    }
});

/**
 * A new signing secret; the previous one signs beside it for 24 h
 */
export const rotateWebhookSecret = <ThrowOnError extends boolean = false>(options: Options<RotateWebhookSecretData, ThrowOnError>) => (options.client ?? client).post<RotateWebhookSecretResponses, RotateWebhookSecretErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/webhooks/{id}/rotate-secret',
    ...options
});

/**
 * Send to a disabled endpoint again
 */
export const enableWebhook = <ThrowOnError extends boolean = false>(options: Options<EnableWebhookData, ThrowOnError>) => (options.client ?? client).post<EnableWebhookResponses, EnableWebhookErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/webhooks/{id}/enable',
    ...options
});

/**
 * Send a ping event to this endpoint
 */
export const testWebhook = <ThrowOnError extends boolean = false>(options: Options<TestWebhookData, ThrowOnError>) => (options.client ?? client).post<TestWebhookResponses, TestWebhookErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/webhooks/{id}/test',
    ...options
});

/**
 * The delivery log: the latest tries, the newest first (kept 30 days)
 */
export const listWebhookAttempts = <ThrowOnError extends boolean = false>(options: Options<ListWebhookAttemptsData, ThrowOnError>) => (options.client ?? client).get<ListWebhookAttemptsResponses, ListWebhookAttemptsErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/webhooks/{id}/attempts',
    ...options
});

/**
 * Try a finished delivery once more
 */
export const retryWebhookMessage = <ThrowOnError extends boolean = false>(options: Options<RetryWebhookMessageData, ThrowOnError>) => (options.client ?? client).post<RetryWebhookMessageResponses, RetryWebhookMessageErrors, ThrowOnError>({
    security: [{ scheme: 'bearer', type: 'http' }],
    url: '/api/v1/webhooks/{id}/messages/{messageId}/retry',
    ...options
});
