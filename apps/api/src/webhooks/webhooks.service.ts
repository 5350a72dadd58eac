import { ConflictException, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { type EndpointRow, WebhookRepository } from '../repositories/webhook.repository';
import { WebhookSender, WebhookUrlError } from '../repositories/webhook-sender';
import { JobQueue } from '../repositories/job-queue';
import { WebhookDeliveries } from './webhook-deliveries.service';
import { WEBHOOK_EVENTS } from './webhook-events';
import { DELIVER_QUEUE, WebhookOutbox } from './webhook-outbox.service';
import { newWebhookSecret } from './webhook-secrets';
import type { CreatedWebhookDto, CreateWebhookDto, QueuedMessageDto, RotatedSecretDto, UpdateWebhookDto, WebhookAttemptsDto, WebhookDto, WebhookListDto } from './webhooks.dto';

/** After a rotation the previous secret signs beside the new one for a day, while receivers switch. */
const ROTATION_OVERLAP_MS = 86_400_000;

function toWebhookDto(row: EndpointRow): WebhookDto {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    status: row.status,
    disabledReason: row.disabledReason,
    failingSince: row.failingSince?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const notFound = () => new NotFoundException({ message: 'No such webhook', code: 'webhook_not_found' });

/** An account's webhook endpoints: made, changed, rotated, re-enabled, their delivery log and manual retries. */
@Injectable()
export class WebhooksService {
  static readonly maxWebhooks = 10;

  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly sender: WebhookSender,
    private readonly deliveries: WebhookDeliveries,
    private readonly outbox: WebhookOutbox,
    private readonly queue: JobQueue,
  ) {}

  async list(userId: string): Promise<WebhookListDto> {
    return { webhooks: (await this.webhooks.endpointsOf(userId)).map(toWebhookDto), events: [...WEBHOOK_EVENTS], maxWebhooks: WebhooksService.maxWebhooks };
  }

  async get(userId: string, id: string): Promise<WebhookDto> {
    return toWebhookDto(await this.owned(userId, id));
  }

  async create(userId: string, { url, events }: CreateWebhookDto): Promise<CreatedWebhookDto> {
    await this.checkUrl(url);
    const secret = newWebhookSecret();
    const row = await this.webhooks.insertWithinLimit(userId, url, events, this.deliveries.box.seal(secret), WebhooksService.maxWebhooks);
    if (!row) throw new ConflictException({ message: `An account may have ${WebhooksService.maxWebhooks} webhooks: delete one first`, code: 'too_many_webhooks' });
    return { ...toWebhookDto(row), secret };
  }

  async update(userId: string, id: string, change: UpdateWebhookDto): Promise<WebhookDto> {
    await this.owned(userId, id);
    if (change.url !== undefined) await this.checkUrl(change.url);
    if (!(await this.webhooks.update(id, userId, change))) throw notFound();
    return this.get(userId, id);
  }

  async delete(userId: string, id: string): Promise<void> {
    if (!(await this.webhooks.delete(id, userId))) throw notFound();
  }

  async rotate(userId: string, id: string): Promise<RotatedSecretDto> {
    const secret = newWebhookSecret();
    const until = new Date(Date.now() + ROTATION_OVERLAP_MS);
    if (!(await this.webhooks.rotate(id, userId, this.deliveries.box.seal(secret), until))) throw notFound();
    return { secret, previousSecretValidUntil: until.toISOString() };
  }

  async enable(userId: string, id: string): Promise<WebhookDto> {
    if (!(await this.webhooks.enable(id, userId))) throw notFound();
    return this.get(userId, id);
  }

  async attempts(userId: string, id: string, limit = 50): Promise<WebhookAttemptsDto> {
    await this.owned(userId, id);
    const rows = await this.webhooks.attempts(id, limit);
    return { attempts: rows.map((a) => ({ ...a, at: a.at.toISOString() })) };
  }

  /** Sends a `ping` to this endpoint alone, to check the receiver. */
  async test(userId: string, id: string): Promise<QueuedMessageDto> {
    const endpoint = await this.owned(userId, id);
    if (endpoint.status !== 'active') throw new ConflictException({ message: 'The webhook is disabled: enable it first', code: 'webhook_disabled' });
    const messageId = await this.outbox.publish('ping', { webhookId: id }, userId, id);
    if (!messageId) throw new ConflictException({ message: 'The webhook is disabled: enable it first', code: 'webhook_disabled' });
    return { messageId };
  }

  /** One more try of a message that was delivered, failed or gave up. */
  async retry(userId: string, id: string, messageId: string): Promise<QueuedMessageDto> {
    const endpoint = await this.owned(userId, id);
    if (endpoint.status !== 'active') throw new ConflictException({ message: 'The webhook is disabled: enable it first', code: 'webhook_disabled' });
    const reopened = await this.webhooks.reopen(id, userId, messageId);
    if (!reopened) throw new NotFoundException({ message: 'No finished delivery of that message to this webhook', code: 'message_not_found' });
    await this.queue.send(DELIVER_QUEUE, { deliveryId: reopened.id, n: reopened.n, manual: true });
    return { messageId };
  }

  private async owned(userId: string, id: string): Promise<EndpointRow> {
    const row = await this.webhooks.endpoint(id, userId);
    if (!row) throw notFound();
    return row;
  }

  private async checkUrl(url: string): Promise<void> {
    try {
      await this.sender.check(url);
    } catch (e) {
      if (e instanceof WebhookUrlError) throw new UnprocessableEntityException({ message: e.message, code: 'webhook_url_refused', fields: ['url'] });
      throw e;
    }
  }
}
