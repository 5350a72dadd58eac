import type { MessageId } from '@grouarock/i18n';

/**
 * What the user reads when the ingest socket closes with `code` (the table in docs/live.md, "Going live from the
 * browser"). The server's close reason is English for logs and tools: it is never shown. Codes we do not know
 * (1006 when the network drops, 1001 when the server restarts, …) get the general message.
 */
export function ingestCloseMessage(code: number): MessageId {
  switch (code) {
    case 1013:
      return 'live.closed.full';
    case 4409:
      return 'live.closed.busy';
    case 4404:
      return 'live.closed.notFound';
    case 4401:
      return 'live.closed.signIn';
    case 4403:
      return 'live.closed.forbidden';
    // In beta (BETA_FEATURES) and not yet on the owner's plan: what the app says of it anyway.
    case 4402:
      return 'live.beta.coming';
    case 4429:
      return 'live.closed.tooMany';
    // 4408: ffmpeg's backlog on the server; 4008: our own socket's (browser-publisher.ts).
    case 4408:
    case 4008:
      return 'live.closed.tooSlow';
    case 1009:
      return 'live.closed.tooBig';
    case 1011:
    case 4400:
      return 'live.closed.failed';
    default:
      return 'live.closed.unknown';
  }
}
