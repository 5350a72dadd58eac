import { Injectable, ServiceUnavailableException } from '@nestjs/common';
import { DatabaseRepository } from '../../repositories/database.repository';
import { MediaStorage } from '../../repositories/media-storage';
import { Drain } from './drain';
import type { HealthDto, LivenessDto, ReadinessDto } from './health.dto';

/** How long the store may take to answer readiness's question. */
const STORE_TIMEOUT_MS = 2000;

const uptimeSeconds = () => Math.round(process.uptime());

/**
 * The process's health as a balancer or an orchestrator asks it (docs/operations.md, "Health, readiness and the
 * drain"): liveness (it answers: restart it otherwise) apart from readiness (send it traffic: its database and store
 * answer, its migrations are done, it is not draining).
 */
@Injectable()
export class HealthService {
  /** Once the database has every migration this build knows, it keeps them: asked until then only. */
  private migrated = false;

  constructor(
    private readonly database: DatabaseRepository,
    private readonly storage: MediaStorage,
    private readonly drain: Drain,
  ) {}

  /** Healthy only while the database answers; the caller sees 503 with the reason otherwise. */
  async check(): Promise<HealthDto> {
    const database = await this.database.probe();
    if (!database.up) {
      throw new ServiceUnavailableException(`Database unreachable: ${database.reason}`);
    }
    return { status: 'ok', database: { status: 'up', latencyMs: database.latencyMs }, uptimeSeconds: uptimeSeconds() };
  }

  live(): LivenessDto {
    return { status: 'ok', uptimeSeconds: uptimeSeconds() };
  }

  /** Ready, or a 503 whose body names every check that failed (a draining process fails at once, asking nothing). */
  async ready(): Promise<ReadinessDto> {
    if (this.drain.draining) throw notReady({ draining: true });
    const [database, store] = await Promise.all([this.database.probe(), this.probeStore()]);
    const migrations = database.up ? await this.migrationsDone() : undefined;
    const failed = {
      ...(database.up ? {} : { database: database.reason }),
      ...(store === true ? {} : { store }),
      ...(migrations === false ? { migrations: 'the database lacks migrations this build has' } : {}),
    };
    if (Object.keys(failed).length) throw notReady(failed);
    return { status: 'ready', database: { status: 'up', latencyMs: database.up ? database.latencyMs : 0 }, uptimeSeconds: uptimeSeconds() };
  }

  /** True when the store answers within STORE_TIMEOUT_MS, else why not. */
  private async probeStore(): Promise<true | string> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<string>((resolve) => (timer = setTimeout(() => resolve(`no answer within ${STORE_TIMEOUT_MS} ms`), STORE_TIMEOUT_MS)));
    try {
      return await Promise.race([this.storage.check().then(() => true as const), timeout]);
    } catch (e) {
      return (e as Error).message;
    } finally {
      clearTimeout(timer);
    }
  }

  private async migrationsDone(): Promise<boolean | undefined> {
    if (!this.migrated) this.migrated = await this.database.migrationsDone().catch(() => false);
    return this.migrated;
  }
}

function notReady(failed: Record<string, string | boolean>): ServiceUnavailableException {
  const reasons = Object.entries(failed).map(([check, why]) => (why === true ? check : `${check}: ${String(why)}`));
  return new ServiceUnavailableException({ message: `Not ready: ${reasons.join('; ')}`, code: 'not_ready' });
}
