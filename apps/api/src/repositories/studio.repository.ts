import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';
import type { GenerationEngine, GenerationParams, GenerationStatus } from './schema/studio-generation.entity';
import type { ExecuteSql } from './sql';

export interface GenerationRow {
  id: string;
  userId: string;
  status: GenerationStatus;
  engine: GenerationEngine;
  params: GenerationParams;
  seed: number;
  generatorVersion: number;
  providerTaskIds: string[] | null;
  notice: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  createdAt: Date;
  startedAt: Date | null;
}

/** A generation as a job run starts it: `resumed` when an earlier run of the job had already started it. */
export type StartedGeneration = GenerationRow & { resumed: boolean };

/** What still owns files under studio/<id>/: a generation being made owns them all, else only its tracks' keys. */
export interface MediaOwner {
  id: string;
  inFlight: boolean;
  keys: string[];
}

export type NewGeneration = Pick<GenerationRow, 'userId' | 'engine' | 'params' | 'seed' | 'generatorVersion' | 'notice'>;

/** A track with what its generation asked for (the library's and the status answer's rows). */
export interface TrackRow {
  id: string;
  userId: string;
  generationId: string;
  position: number;
  title: string;
  duration: number;
  tags: string;
  audioKey: string;
  imageKey: string;
  audioBytes: number;
  createdAt: Date;
  params: GenerationParams;
  engine: GenerationEngine;
}

export type NewTrack = Pick<TrackRow, 'position' | 'title' | 'duration' | 'tags' | 'audioKey' | 'imageKey' | 'audioBytes'>;

const GENERATION = `g.id, g.user_id AS "userId", g.status, g.engine, g.params, g.seed, g.generator_version AS "generatorVersion",
  g.provider_task_ids AS "providerTaskIds", g.notice, g.error_code AS "errorCode", g.error_message AS "errorMessage",
  g.created_at AS "createdAt", g.started_at AS "startedAt"`;
const TRACK = `t.id, t.user_id AS "userId", t.generation_id AS "generationId", t.position, t.title, t.duration, t.tags,
  t.audio_key AS "audioKey", t.image_key AS "imageKey", t.audio_bytes AS "audioBytes", t.created_at AS "createdAt", g.params, g.engine`;
const TODAY = `(now() AT TIME ZONE 'Europe/Warsaw')::date`;

/**
 * studio_generations and studio_tracks. The daily limit is counted under a lock on the user's row, in the transaction
 * that inserts, so concurrent requests cannot pass it; every state change is one conditional UPDATE, so a job that
 * runs twice changes things once.
 */
@Injectable()
export class StudioRepository {
  constructor(@InjectEntityManager() private readonly manager: EntityManager) {}

  /**
   * Inserts a generation unless the user has used `limit` today (null: no limit), and calls `enqueue` in the same
   * transaction; undefined when the limit is reached. Throws the unique violation of UQ_studio_generations_user_active
   * when one is already queued or running.
   */
  async insertWithinLimit(generation: NewGeneration, limit: number | null, enqueue: (id: string, executeSql: ExecuteSql) => Promise<void>): Promise<GenerationRow | undefined> {
    return this.manager.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [generation.userId]);
      if (limit !== null && (await this.usedToday(generation.userId, tx)) >= limit) return undefined;
      const [{ id }] = (await tx.query(
        `INSERT INTO studio_generations (user_id, engine, params, seed, generator_version, notice, warsaw_day) VALUES ($1, $2, $3, $4, $5, $6, ${TODAY}) RETURNING id`,
        [generation.userId, generation.engine, generation.params, generation.seed, generation.generatorVersion, generation.notice],
      )) as { id: string }[];
      await enqueue(id, async (text, values) => ({ rows: (await tx.query(text, values)) as unknown[] }));
      return (await this.generation(id, tx))!;
    });
  }

  /** Generations of today (Europe/Warsaw) that count: every one that has not failed. */
  async usedToday(userId: string, manager: EntityManager = this.manager): Promise<number> {
    const [{ count }] = (await manager.query(`SELECT count(*)::int AS count FROM studio_generations WHERE user_id = $1 AND warsaw_day = ${TODAY} AND status <> 'failed'`, [
      userId,
    ])) as { count: number }[];
    return count;
  }

  async generation(id: string, manager: EntityManager = this.manager): Promise<GenerationRow | undefined> {
    const rows = (await manager.query(`SELECT ${GENERATION} FROM studio_generations g WHERE g.id = $1`, [id])) as GenerationRow[];
    return rows[0];
  }

  /** The user's generations among `ids` (others' are not there). */
  generationsOf(userId: string, ids: string[]): Promise<GenerationRow[]> {
    return this.manager.query(`SELECT ${GENERATION} FROM studio_generations g WHERE g.user_id = $1 AND g.id = ANY($2::uuid[])`, [userId, ids]) as Promise<GenerationRow[]>;
  }

  /** queued → running, or running again (a retried job: `resumed`); undefined when it has already finished or failed. */
  async start(id: string): Promise<StartedGeneration | undefined> {
    const [rows] = (await this.manager.query(
      `UPDATE studio_generations g SET status = 'running', started_at = COALESCE(g.started_at, now())
       FROM studio_generations prev WHERE prev.id = g.id AND g.id = $1 AND g.status IN ('queued', 'running')
       RETURNING ${GENERATION}, prev.status = 'running' AS resumed`,
      [id],
    )) as [StartedGeneration[], number];
    return rows[0];
  }

  async setProviderTaskIds(id: string, ids: string[]): Promise<void> {
    await this.manager.query(`UPDATE studio_generations SET provider_task_ids = $2 WHERE id = $1 AND status = 'running'`, [id, ids]);
  }

  /** The provider is not used after all: the built-in generator makes the track, and the user is told why. */
  async fallBackToBuiltin(id: string, notice: string): Promise<void> {
    await this.manager.query(`UPDATE studio_generations SET engine = 'builtin', notice = $2 WHERE id = $1 AND status = 'running'`, [id, notice]);
  }

  /** Stores the tracks and marks the generation succeeded, once: false when another run already did. */
  async finish(id: string, userId: string, tracks: NewTrack[]): Promise<boolean> {
    return this.manager.transaction(async (tx) => {
      const [rows] = (await tx.query(`UPDATE studio_generations SET status = 'succeeded', finished_at = now() WHERE id = $1 AND status = 'running' RETURNING id`, [id])) as [unknown[], number];
      if (!rows.length) return false;
      for (const t of tracks) {
        await tx.query(
          `INSERT INTO studio_tracks (user_id, generation_id, position, title, duration, tags, audio_key, image_key, audio_bytes) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
           ON CONFLICT (generation_id, position) DO NOTHING`,
          [userId, id, t.position, t.title, t.duration, t.tags, t.audioKey, t.imageKey, t.audioBytes],
        );
      }
      return true;
    });
  }

  /** Marks the generation failed (it stops counting against the limit); false when it had already ended. */
  async fail(id: string, code: string, message: string): Promise<GenerationRow | undefined> {
    const [rows] = (await this.manager.query(
      `UPDATE studio_generations g SET status = 'failed', error_code = $2, error_message = $3, finished_at = now() WHERE g.id = $1 AND g.status IN ('queued', 'running') RETURNING ${GENERATION}`,
      [id, code, message.slice(0, 300)],
    )) as [GenerationRow[], number];
    return rows[0];
  }

  /** Generations queued or running for longer than `minutes`: their jobs are gone (see StudioMaintenance). */
  stale(minutes: number): Promise<{ id: string }[]> {
    return this.manager.query(`SELECT id FROM studio_generations WHERE status IN ('queued', 'running') AND created_at < now() - make_interval(mins => $1)`, [minutes]) as Promise<
      { id: string }[]
    >;
  }

  /** Of the generations `ids`, those that exist, with whether they are being made and the keys their tracks point to. */
  mediaOwners(ids: string[]): Promise<MediaOwner[]> {
    return this.manager.query(
      `SELECT g.id, g.status IN ('queued', 'running') AS "inFlight", COALESCE(array_agg(k.key) FILTER (WHERE k.key IS NOT NULL), '{}') AS keys
       FROM studio_generations g
       LEFT JOIN studio_tracks t ON t.generation_id = g.id
       LEFT JOIN LATERAL (VALUES (t.audio_key), (t.image_key)) k(key) ON true
       WHERE g.id = ANY($1::uuid[]) GROUP BY g.id`,
      [ids],
    ) as Promise<MediaOwner[]>;
  }

  tracksOfGenerations(ids: string[]): Promise<TrackRow[]> {
    return this.manager.query(`SELECT ${TRACK} FROM studio_tracks t JOIN studio_generations g ON g.id = t.generation_id WHERE t.generation_id = ANY($1::uuid[]) ORDER BY t.created_at, t.position`, [
      ids,
    ]) as Promise<TrackRow[]>;
  }

  /** The user's library, the newest first. */
  tracksOf(userId: string, limit: number): Promise<TrackRow[]> {
    return this.manager.query(`SELECT ${TRACK} FROM studio_tracks t JOIN studio_generations g ON g.id = t.generation_id WHERE t.user_id = $1 ORDER BY t.created_at DESC, t.position LIMIT $2`, [
      userId,
      limit,
    ]) as Promise<TrackRow[]>;
  }

  async track(id: string): Promise<TrackRow | undefined> {
    const rows = (await this.manager.query(`SELECT ${TRACK} FROM studio_tracks t JOIN studio_generations g ON g.id = t.generation_id WHERE t.id = $1`, [id])) as TrackRow[];
    return rows[0];
  }

  async rename(id: string, title: string): Promise<void> {
    await this.manager.query(`UPDATE studio_tracks SET title = $2 WHERE id = $1`, [id, title]);
  }

  /** Deletes the track; the keys of its files, or undefined when it was already gone. */
  async delete(id: string): Promise<{ audioKey: string; imageKey: string } | undefined> {
    const [rows] = (await this.manager.query(`DELETE FROM studio_tracks WHERE id = $1 RETURNING audio_key AS "audioKey", image_key AS "imageKey"`, [id])) as [
      { audioKey: string; imageKey: string }[],
      number,
    ];
    return rows[0];
  }
}
