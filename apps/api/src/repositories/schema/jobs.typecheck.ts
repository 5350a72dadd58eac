import type { JobQueue } from '../job-queue';

/**
 * Never run: checked by the API's typecheck (`tsc -p apps/api/tsconfig.json`), where each `@ts-expect-error` fails
 * the check if the line under it compiles, i.e. if JobQueue stopped holding jobs to repositories/schema/jobs.ts.
 */
export function jobQueueTyping(queue: JobQueue): void {
  void queue.send('studio.generate', { generationId: 'g' });
  void queue.send('webhooks.deliver', { deliveryId: 'd', n: 1, manual: true });
  // @ts-expect-error: no queue of that name
  void queue.send('studio.generated', { generationId: 'g' });
  // @ts-expect-error: a studio job carries a generation, not a delivery
  void queue.send('studio.generate', { deliveryId: 'd', n: 1 });
  // @ts-expect-error: a delivery job says which try it is
  void queue.send('webhooks.deliver', { deliveryId: 'd' });
  // @ts-expect-error: a delivery job's handler gets a delivery, not a generation
  void queue.work('webhooks.deliver', 1, ({ generationId }: { generationId: string }) => Promise.resolve(void generationId));
  // @ts-expect-error: no queue of that name
  void queue.declare('webhooks.delivered', { retryLimit: 1, expireInSeconds: 60 });
}
