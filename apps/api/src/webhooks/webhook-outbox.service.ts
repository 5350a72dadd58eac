import { Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { JobQueue } from '../repositories/job-queue';
import type { JobPayloads } from '../repositories/schema/jobs';
import { WebhookRepository } from '../repositories/webhook.repository';
import { ACCOUNT_EVENTS, type WebhookEventType } from './webhook-events';

export const DELIVER_QUEUE = 'webhooks.deliver' satisfies keyof JobPayloads;

/** A Standard Webhooks message id: `msg_`, time-ordered, never a `.` (it is part of the signed content). */
export function newMessageId(now = Date.now()): string {
  return `msg_${now.toString(36).padStart(9, '0')}${randomBytes(10).toString('hex')}`;
}

/**
 * Where the domains report what happened for webhooks, once per happening (the realtime bus may carry an event from
 * several processes; these calls are made where it is decided once): a new play of a track, a stream that started or
 * ended, a studio track that is ready or failed. Stores the message for every endpoint that subscribed, and queues
 * its deliveries in the same transaction.
 */
@Injectable()
export class WebhookOutbox {
  private readonly logger = new Logger('WebhookOutbox');

  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly queue: JobQueue,
  ) {}

  /** `userId`: whose happening it is (account events go to that account's endpoints only). Never throws. */
  async publish(type: WebhookEventType, data: object, userId: string | null, endpointId?: string): Promise<string | undefined> {
    const id = newMessageId();
    try {
      const deliveries = await this.webhooks.addMessage(
        { id, type, payload: { type, timestamp: new Date().toISOString(), data } },
        { userId: ACCOUNT_EVENTS.includes(type) ? userId : null, endpointId },
        async (deliveryId, executeSql) => void (await this.queue.send(DELIVER_QUEUE, { deliveryId, n: 1 }, executeSql)),
      );
      return deliveries.length ? id : undefined;
    } catch (e) {
      this.logger.warn(`Queueing the ${type} webhooks failed: ${(e as Error).message}`);
      return undefined;
    }
  }
}
