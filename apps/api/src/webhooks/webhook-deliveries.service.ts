import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { Webhook } from 'standardwebhooks';
import { resolveJwtSecret, resolveSecretsKeys, type AppConfig } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
import { EventBus } from '../repositories/event-bus';
import { JobQueue } from '../repositories/job-queue';
import { Mailer } from '../repositories/mailer';
import type { DeliverJob } from '../repositories/schema/jobs';
import { UserRepository } from '../repositories/user.repository';
import { WebhookSender } from '../repositories/webhook-sender';
import { type DeliveryWork, type EndpointRow, type SealedSecrets, WebhookRepository } from '../repositories/webhook.repository';
import { WebhookMails } from './webhook-mails';
import { DELIVER_QUEUE } from './webhook-outbox.service';
import { nextStep } from './webhook-schedule';
import { SecretBox } from '../core/security/secret-box';
import { ScheduledJobs } from '../core/metrics/scheduled-jobs';

/** Deliveries a process sends at once. */
const WORKERS = 4;
/** Messages, deliveries and attempts are kept this long. */
const KEEP_DAYS = 30;

/**
 * Sends the queued deliveries (pg-boss, so any API process does, and a stopped one's work is picked up), signed as
 * Standard Webhooks, and decides what follows each try (webhook-schedule.ts). A disabled endpoint's owner gets a mail
 * and a `webhook_disabled` message on their realtime channel.
 */
@Injectable()
export class WebhookDeliveries implements OnApplicationBootstrap {
  private readonly logger = new Logger('WebhookDeliveries');
  readonly box: SecretBox;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly webhooks: WebhookRepository,
    private readonly queue: JobQueue,
    private readonly sender: WebhookSender,
    private readonly users: UserRepository,
    private readonly mailer: Mailer,
    private readonly mails: WebhookMails,
    private readonly bus: EventBus,
    private readonly scheduled: ScheduledJobs,
  ) {
    // JWT_SECRET only opens what was sealed before SECRETS_KEY existed (v1), until the boot below seals it again.
    this.box = new SecretBox(resolveSecretsKeys(config), 'webhook secrets', resolveJwtSecret(config));
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.resealAll();
    await this.queue.declare(DELIVER_QUEUE, { retryLimit: 2, expireInSeconds: 60 });
    await this.queue.work(DELIVER_QUEUE, WORKERS, (job) => this.deliver(job));
  }

  /** One try of a delivery; a job that is not the next try (a duplicate) does nothing. */
  async deliver({ deliveryId, n, manual = false }: DeliverJob): Promise<void> {
    const work = await this.webhooks.delivery(deliveryId);
    if (!work || work.status !== 'pending' || work.attempts !== n - 1) return;
    if (work.endpoint.status !== 'active') {
      await this.webhooks.finish(deliveryId, 'failed');
      return;
    }
    if (!(await this.webhooks.claimTry(deliveryId, n))) return;
    // Written by a process that sealed the old way since this one booted (a rolling upgrade).
    if ([work.endpoint.secretEnc, work.endpoint.previousSecretEnc].some((sealed) => sealed && this.box.isStale(sealed))) await this.reseal(work.endpoint);
    const result = await this.send(work);
    await this.webhooks.recordAttempt({ deliveryId, endpointId: work.endpoint.id, n, ...result });
    const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    const failingSince = ok ? new Date() : await this.webhooks.markFailing(work.endpoint.id);
    const step = nextStep({ statusCode: result.statusCode, retryAfterSeconds: result.retryAfterSeconds, n, failingSince, manual }, this.config.webhooks.retrySchedule, new Date());
    switch (step.kind) {
      case 'succeeded':
        await this.webhooks.finish(deliveryId, 'succeeded');
        await this.webhooks.markHealthy(work.endpoint.id);
        return;
      case 'retry':
        await this.webhooks.scheduleNext(deliveryId, step.afterSeconds, async (executeSql) => {
          await this.queue.send(DELIVER_QUEUE, { deliveryId, n: n + 1 }, executeSql, step.afterSeconds);
        });
        return;
      case 'failed':
        await this.webhooks.finish(deliveryId, 'failed');
        return;
      case 'disable':
        await this.webhooks.finish(deliveryId, 'failed');
        await this.disable(work.endpoint, step.reason);
        return;
    }
  }

  /** The signature header: the current secret's, and the previous one's while it still signs (rotation). */
  signatures(endpoint: Pick<EndpointRow, 'secretEnc' | 'previousSecretEnc' | 'previousSecretUntil'>, messageId: string, at: Date, body: string): string {
    const secrets = [this.box.open(endpoint.secretEnc)];
    if (endpoint.previousSecretEnc && endpoint.previousSecretUntil && endpoint.previousSecretUntil > at) {
      // A previous secret no key opens any more (SECRETS_KEY lost) must not stop the new one, which its owner just made.
      const previous = this.openOrUndefined(endpoint.previousSecretEnc);
      if (previous) secrets.push(previous);
    }
    return secrets.map((secret) => new Webhook(secret).sign(messageId, at, body)).join(' ');
  }

  private openOrUndefined(sealed: string): string | undefined {
    try {
      return this.box.open(sealed);
    } catch {
      return undefined;
    }
  }

  /**
   * Seals again, with SECRETS_KEY's first key, every secret sealed otherwise: under JWT_SECRET (before SECRETS_KEY) or
   * an older key of SECRETS_KEY. Once done, neither is needed to open them. Every process does it at boot; the update
   * only applies while the values are unchanged, so processes and rotations do not overwrite each other.
   */
  async resealAll(): Promise<void> {
    const stale = await this.webhooks.sealedOtherwise(this.box.currentPrefix);
    let resealed = 0;
    for (const endpoint of stale) if (await this.reseal(endpoint)) resealed++;
    if (resealed) this.logger.log(`Sealed the secrets of ${resealed} webhook endpoint(s) again with SECRETS_KEY`);
  }

  /** Whether it was sealed again; a secret no key opens (JWT_SECRET changed before this ran) is logged and left. */
  private async reseal(endpoint: SealedSecrets): Promise<boolean> {
    const again = (sealed: string) => (this.box.isStale(sealed) ? this.box.seal(this.box.open(sealed)) : sealed);
    let resealed: Omit<SealedSecrets, 'id'>;
    try {
      resealed = { secretEnc: again(endpoint.secretEnc), previousSecretEnc: endpoint.previousSecretEnc && again(endpoint.previousSecretEnc) };
    } catch (e) {
      this.logger.warn(`Webhook endpoint ${endpoint.id}: its secret cannot be sealed again (${(e as Error).message}); its owner can rotate it`);
      return false;
    }
    return this.webhooks.reseal(endpoint, resealed);
  }

  @Cron(CronExpression.EVERY_HOUR)
  async sweep(): Promise<void> {
    await this.scheduled.run('webhook-sweep', 3600, async () => void (await this.webhooks.sweep(KEEP_DAYS)));
  }

  private async send(work: DeliveryWork) {
    const body = JSON.stringify(work.payload);
    const at = new Date();
    return this.sender.send(
      work.endpoint.url,
      {
        'content-type': 'application/json',
        'user-agent': 'GrouaRock-Webhooks/1',
        'webhook-id': work.messageId,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': this.signatures(work.endpoint, work.messageId, at, body),
      },
      body,
    );
  }

  private async disable(endpoint: EndpointRow, reason: 'gone' | 'failing_5_days'): Promise<void> {
    if (!(await this.webhooks.disable(endpoint.id, reason))) return;
    this.logger.warn(`Webhook endpoint ${endpoint.id} disabled: ${reason}`);
    await this.bus
      .publish({ channel: `user.${endpoint.userId}`, type: 'webhook_disabled', data: { id: endpoint.id, url: endpoint.url, reason } })
      .catch((e: Error) => this.logger.warn(`Telling webhook_disabled failed: ${e.message}`));
    const owner = await this.users.findById(endpoint.userId);
    if (owner?.email) {
      await this.mailer.send(this.mails.endpointDisabled(owner.email, endpoint.url, reason)).catch((e: Error) => this.logger.warn(`The webhook mail failed: ${e.message}`));
    }
  }
}
