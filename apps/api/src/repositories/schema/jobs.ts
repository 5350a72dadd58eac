/**
 * What a job of each queue carries (repositories/job-queue.ts checks `send` and `work` against it). A queue is declared
 * by the feature that owns it: studio.generate by studio/studio-jobs.service.ts, webhooks.deliver by
 * developer/webhook-deliveries.service.ts.
 */
export interface JobPayloads {
  'studio.generate': StudioJob;
  'webhooks.deliver': DeliverJob;
}

/** A queued AI studio generation to make. */
export interface StudioJob {
  generationId: string;
}

/** A webhook delivery to try. */
export interface DeliverJob {
  deliveryId: string;
  /** The try this job is: only the job holding the next try's number sends (a duplicate job sends nothing). */
  n: number;
  manual?: boolean;
}
