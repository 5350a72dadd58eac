import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';
import { AdvisoryLock } from './locks';
import type { StreamAudience, StreamGenre, StreamSource, StreamStatus } from './schema/live-stream.entity';

/** A stream as lists and its page show it, with its owner's public name. */
export interface LiveStreamRow {
  id: string;
  userId: string;
  ownerName: string | null;
  title: string;
  description: string | null;
  genre: StreamGenre;
  status: StreamStatus;
  audience: StreamAudience;
  source: StreamSource | null;
  createdAt: Date;
  startedAt: Date | null;
  endedAt: Date | null;
  durationSeconds: number | null;
  /** Set while its publisher's connection is down (docs/live.md, "Reconnecting"): it is still live meanwhile. */
  disconnectedAt: Date | null;
}

/**
 * One segment of a stream's journal: its media sequence number (ffmpeg's, continued across reconnects), its file, its
 * length in seconds, and whether it is the first of a part its publisher sent after reconnecting.
 */
export interface SegmentEntry {
  sequence: number;
  uri: string;
  duration: number;
  discontinuity: boolean;
}

/**
 * Why an RTMP publisher's key does not publish: no stream has it, its stream is live or ended already, or another
 * publisher holds it (starting, here or in another process).
 */
export type PublisherRefusal = 'unknown_key' | 'live' | 'ended' | 'held';

export interface NewLiveStream {
  userId: string;
  title: string;
  description: string | null;
  genre: StreamGenre;
  audience: StreamAudience;
  streamKeyHash: string;
}

const COLUMNS = `s.id, s.user_id AS "userId", COALESCE(u.display_name, u.username) AS "ownerName", s.title, s.description, s.genre, s.status,
  s.audience, s.source, s.created_at AS "createdAt", s.started_at AS "startedAt", s.ended_at AS "endedAt", s.duration_seconds AS "durationSeconds",
  s.disconnected_at AS "disconnectedAt"`;
const FROM = `FROM live_streams s JOIN users u ON u.id = s.user_id`;

/**
 * Seconds a live stream's packager may journal nothing, its publisher not known to be gone, before the stream is taken
 * as one whose packaging process died (killed outright, it set nothing): a packager whose video stops halts itself
 * and says so within a few seconds (live-pipeline.ts), and a healthy one journals a segment every second.
 */
const STALLED_SECONDS = 10;

/**
 * A live stream whose publisher's connection dropped less than `$n` seconds (LIVE_RECONNECT_SECONDS) ago, or whose
 * packaging process died as long ago (nothing journaled for STALLED_SECONDS): a publisher of its key may come back, to
 * any process, and continue it (docs/live.md, "Reconnecting", "Several replicas").
 */
const awaitingPublisher = (n: number) =>
  `(status = 'live' AND (disconnected_at > now() - make_interval(secs => $${n}) OR (disconnected_at IS NULL
    AND COALESCE(last_segment_at, started_at) BETWEEN now() - make_interval(secs => $${n} + ${STALLED_SECONDS}) AND now() - make_interval(secs => ${STALLED_SECONDS}))))`;
/** Another process's publisher holds the stream (starting, or coming back). */
const HELD = `publisher_until > now()`;

/** live_streams: each state change is one conditional UPDATE, so two processes racing to change a stream get one winner. */
@Injectable()
export class LiveStreamRepository {
  constructor(@InjectEntityManager() private readonly manager: EntityManager) {}

  /** Throws the unique violation of UQ_live_streams_user_unended when the user already has a stream that has not ended. */
  async insert(stream: NewLiveStream): Promise<LiveStreamRow> {
    const [{ id }] = (await this.manager.query(
      `INSERT INTO live_streams (user_id, title, description, genre, audience, stream_key_hash) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [stream.userId, stream.title, stream.description, stream.genre, stream.audience, stream.streamKeyHash],
    )) as { id: string }[];
    return (await this.findById(id))!;
  }

  async findById(id: string): Promise<LiveStreamRow | undefined> {
    const rows = (await this.manager.query(`SELECT ${COLUMNS} ${FROM} WHERE s.id = $1`, [id])) as LiveStreamRow[];
    return rows[0];
  }

  /** The user's stream that has not ended, if any. */
  async currentOf(userId: string): Promise<LiveStreamRow | undefined> {
    const rows = (await this.manager.query(`SELECT ${COLUMNS} ${FROM} WHERE s.user_id = $1 AND s.status <> 'ended'`, [userId])) as LiveStreamRow[];
    return rows[0];
  }

  /** Live streams, the latest started first. */
  live(): Promise<LiveStreamRow[]> {
    return this.manager.query(`SELECT ${COLUMNS} ${FROM} WHERE s.status = 'live' ORDER BY s.started_at DESC LIMIT 100`) as Promise<LiveStreamRow[]>;
  }

  /** Replays, the latest ended first. */
  replays(limit: number): Promise<LiveStreamRow[]> {
    return this.manager.query(`SELECT ${COLUMNS} ${FROM} WHERE s.status = 'ended' ORDER BY s.ended_at DESC LIMIT $1`, [limit]) as Promise<LiveStreamRow[]>;
  }

  /**
   * Streams that may still publish, over every process: the live ones, and the ready ones created since `readySince`
   * (older ones are about to be dropped by the maintenance sweep, and hold no slot meanwhile).
   */
  async countPublishable(readySince: Date): Promise<number> {
    const [{ count }] = (await this.manager.query(
      `SELECT count(*)::int AS count FROM live_streams WHERE status = 'live' OR (status = 'ready' AND created_at >= $1)`,
      [readySince],
    )) as { count: number }[];
    return count;
  }

  /**
   * The one answer to an RTMP publisher, by its key's SHA-256: the stream it may publish (a ready one, or a live one
   * whose publisher dropped less than `reconnectSeconds` ago), or why not. Taking the stream is `holdPublisher`'s
   * conditional write, which gives one winner should the stream change meanwhile.
   */
  async publisherAdmission(keyHash: string, reconnectSeconds: number): Promise<{ streamId: string } | { refusal: PublisherRefusal }> {
    const [row] = (await this.manager.query(
      `SELECT s.id AS "streamId",
         CASE WHEN s.id IS NULL THEN 'unknown_key' WHEN s.status = 'ended' THEN 'ended' WHEN s.status = 'live' AND NOT ${awaitingPublisher(2)} THEN 'live'
           WHEN s.${HELD} THEN 'held' END AS refusal
       FROM (SELECT $1::char(64) AS hash) k LEFT JOIN live_streams s ON s.stream_key_hash = k.hash`,
      [keyHash, reconnectSeconds],
    )) as { streamId: string | null; refusal: PublisherRefusal | null }[];
    return row.refusal === null ? { streamId: row.streamId! } : { refusal: row.refusal };
  }

  /**
   * Holds a ready stream, or a live one awaiting its publisher's return (`reconnectSeconds`), for this process's
   * publisher for `seconds`, unless another holds it: the hold's end (as PostgreSQL writes it, the token for
   * `renewPublisher` and `releasePublisher`) and whether the publisher `continues` a live stream; or why not. A
   * publisher whose video is encoded (`maxTranscodes` given) is held only while fewer than that many streams of every
   * process transcode: live ones, and ready ones whose publisher's hold runs. The count and the hold are one step under
   * a lock, so two processes cannot both take the last transcode.
   */
  async holdPublisher(
    id: string,
    seconds: number,
    reconnectSeconds: number,
    maxTranscodes?: number,
  ): Promise<{ until: string; continues: boolean } | 'busy' | 'transcodes_full'> {
    return this.manager.transaction(async (tx) => {
      const transcodes = maxTranscodes !== undefined;
      if (transcodes) {
        await tx.query(`SELECT pg_advisory_xact_lock($1)`, [AdvisoryLock.liveTranscodes]);
        const [{ count }] = (await tx.query(
          `SELECT count(*)::int AS count FROM live_streams WHERE transcoding AND id <> $1 AND (status = 'live' OR (status = 'ready' AND publisher_until > now()))`,
          [id],
        )) as { count: number }[];
        if (count >= maxTranscodes) return 'transcodes_full';
      }
      // A stream whose packaging process died is marked as awaiting its publisher from now, as its packager would have.
      const [rows] = (await tx.query(
        `UPDATE live_streams SET publisher_until = now() + make_interval(secs => $2), transcoding = $3,
           disconnected_at = CASE WHEN status = 'live' THEN COALESCE(disconnected_at, now()) END
         WHERE id = $1 AND (status = 'ready' OR ${awaitingPublisher(4)}) AND (publisher_until IS NULL OR publisher_until < now())
         RETURNING publisher_until::text AS until, status = 'live' AS continues`,
        [id, seconds, transcodes, reconnectSeconds],
      )) as [{ until: string; continues: boolean }[], number];
      return rows[0] ?? 'busy';
    });
  }

  /**
   * Extends a hold `holdPublisher` gave while the stream still waits for its publisher's first segment (ready, or live
   * awaiting its return); the new end, or undefined when it is gone.
   */
  async renewPublisher(id: string, until: string, seconds: number): Promise<string | undefined> {
    const [rows] = (await this.manager.query(
      `UPDATE live_streams SET publisher_until = now() + make_interval(secs => $3)
       WHERE id = $1 AND (status = 'ready' OR (status = 'live' AND disconnected_at IS NOT NULL)) AND publisher_until = $2::timestamptz RETURNING publisher_until::text AS until`,
      [id, until, seconds],
    )) as [{ until: string }[], number];
    return rows[0]?.until;
  }

  /** Lets go of a hold, if it is still this one. */
  async releasePublisher(id: string, until: string): Promise<void> {
    await this.manager.query(`UPDATE live_streams SET publisher_until = NULL WHERE id = $1 AND publisher_until = $2::timestamptz`, [id, until]);
  }

  /** ready → live; undefined when it was not ready (another process won, or it was stopped meanwhile). */
  async markLive(id: string, source: StreamSource): Promise<LiveStreamRow | undefined> {
    const rows = (await this.manager.query(`UPDATE live_streams SET status = 'live', started_at = now(), source = $2 WHERE id = $1 AND status = 'ready' RETURNING id`, [
      id,
      source,
    ])) as [{ id: string }[], number];
    return rows[0].length ? this.findById(id) : undefined;
  }

  /** live → ended; undefined when it was not live. */
  async markEnded(id: string): Promise<LiveStreamRow | undefined> {
    const rows = (await this.manager.query(`UPDATE live_streams SET status = 'ended', ended_at = now() WHERE id = $1 AND status = 'live' RETURNING id`, [id])) as [
      { id: string }[],
      number,
    ];
    return rows[0].length ? this.findById(id) : undefined;
  }

  /**
   * live → ended for a stream whose publisher dropped at `before` or earlier and has not come back (nor is coming back:
   * no publisher holds it); undefined otherwise.
   */
  async markEndedUnresumed(id: string, before: Date): Promise<LiveStreamRow | undefined> {
    const rows = (await this.manager.query(
      `UPDATE live_streams SET status = 'ended', ended_at = now()
       WHERE id = $1 AND status = 'live' AND disconnected_at <= $2 AND NOT COALESCE(${HELD}, false) RETURNING id`,
      [id, before],
    )) as [{ id: string }[], number];
    return rows[0].length ? this.findById(id) : undefined;
  }

  /** A live stream's publisher dropped: it awaits its return from now; false when it was not live (or already waiting). */
  async markDisconnected(id: string): Promise<boolean> {
    const rows = (await this.manager.query(`UPDATE live_streams SET disconnected_at = now() WHERE id = $1 AND status = 'live' AND disconnected_at IS NULL RETURNING id`, [
      id,
    ])) as [unknown[], number];
    return rows[0].length > 0;
  }

  /** Its publisher came back and its video is written again; false when the stream ended meanwhile. */
  async markReconnected(id: string): Promise<boolean> {
    const rows = (await this.manager.query(`UPDATE live_streams SET disconnected_at = NULL WHERE id = $1 AND status = 'live' AND disconnected_at IS NOT NULL RETURNING id`, [
      id,
    ])) as [unknown[], number];
    return rows[0].length > 0;
  }

  /**
   * How long a live stream awaiting its publisher still may (by the database's clock), and whether a publisher holds it
   * (coming back); undefined when it awaits nobody (its publisher is back, or it ended).
   */
  async awaitingPublisher(id: string, reconnectSeconds: number): Promise<{ secondsLeft: number; held: boolean } | undefined> {
    const rows = (await this.manager.query(
      `SELECT GREATEST(0, EXTRACT(EPOCH FROM disconnected_at + make_interval(secs => $2) - now()))::float8 AS "secondsLeft", COALESCE(${HELD}, false) AS held
       FROM live_streams WHERE id = $1 AND status = 'live' AND disconnected_at IS NOT NULL`,
      [id, reconnectSeconds],
    )) as { secondsLeft: number; held: boolean }[];
    return rows[0];
  }

  /**
   * This process's engine (`origin`, its LIVE_WEBRTC_ORIGIN_URL) has the stream's WebRTC media now: the other replicas
   * forward its WHEP, PATCH and DELETE there. The last engine to take the media wins (a publisher that moved replicas).
   */
  async setWebRtcOrigin(id: string, origin: string): Promise<void> {
    await this.manager.query(`UPDATE live_streams SET webrtc_origin = $2 WHERE id = $1 AND status <> 'ended'`, [id, origin]);
  }

  /** This process's engine no longer has the stream's media: cleared only if it still names `origin` (not a newer one). */
  async clearWebRtcOrigin(id: string, origin: string): Promise<void> {
    await this.manager.query(`UPDATE live_streams SET webrtc_origin = NULL WHERE id = $1 AND webrtc_origin = $2`, [id, origin]);
  }

  /** Which process's engine has the stream's WebRTC media; undefined when none does (or there is no such stream). */
  async webrtcOriginOf(id: string): Promise<string | undefined> {
    const rows = (await this.manager.query(`SELECT webrtc_origin AS origin FROM live_streams WHERE id = $1`, [id])) as { origin: string | null }[];
    return rows[0]?.origin ?? undefined;
  }

  /** Sets who may watch a stream that is ready or live; the stream as it is now, or undefined when it ended or is gone. */
  async setAudience(id: string, audience: StreamAudience): Promise<LiveStreamRow | undefined> {
    const rows = (await this.manager.query(`UPDATE live_streams SET audience = $2 WHERE id = $1 AND status <> 'ended' RETURNING id`, [id, audience])) as [{ id: string }[], number];
    return rows[0].length ? this.findById(id) : undefined;
  }

  /** Who may watch the stream; undefined when there is no such stream. */
  async audienceOf(id: string): Promise<StreamAudience | undefined> {
    const rows = (await this.manager.query(`SELECT audience FROM live_streams WHERE id = $1`, [id])) as { audience: StreamAudience }[];
    return rows[0]?.audience;
  }

  async setDuration(id: string, seconds: number): Promise<void> {
    await this.manager.query(`UPDATE live_streams SET duration_seconds = $2 WHERE id = $1`, [id, seconds]);
  }

  /** Deletes the stream when it is in one of `statuses`; whether it did. */
  async deleteIf(id: string, statuses: StreamStatus[]): Promise<boolean> {
    const rows = (await this.manager.query(`DELETE FROM live_streams WHERE id = $1 AND status = ANY($2) RETURNING id`, [id, statuses])) as [unknown[], number];
    return rows[0].length > 0;
  }

  /**
   * Journals segments the packager moved into the store (a retry writes nothing twice) and notes when the last one
   * came, which any process's sweep reads to tell a stream whose packager went away.
   */
  async addSegments(id: string, segments: SegmentEntry[]): Promise<void> {
    await this.manager.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO live_segments (stream_id, sequence, uri, duration, discontinuity)
         SELECT $1, s.sequence, s.uri, s.duration, s.discontinuity FROM unnest($2::int[], $3::text[], $4::real[], $5::bool[]) AS s(sequence, uri, duration, discontinuity)
         ON CONFLICT DO NOTHING`,
        [id, segments.map((s) => s.sequence), segments.map((s) => s.uri), segments.map((s) => s.duration), segments.map((s) => s.discontinuity)],
      );
      await tx.query(`UPDATE live_streams SET last_segment_at = now() WHERE id = $1`, [id]);
    });
  }

  /** Every segment of the stream so far, in order: what its replay lists. */
  async segments(id: string): Promise<SegmentEntry[]> {
    return (await this.manager.query(`SELECT sequence, uri, duration, discontinuity FROM live_segments WHERE stream_id = $1 ORDER BY sequence`, [id])) as SegmentEntry[];
  }

  /**
   * The stream's last `count` segments, in order, and how many of its parts began before them: where a publisher who
   * came back continues the viewers' playlist.
   */
  async journalTail(id: string, count: number): Promise<{ segments: SegmentEntry[]; discontinuitiesBefore: number }> {
    const [row] = (await this.manager.query(
      `WITH tail AS (SELECT sequence, uri, duration, discontinuity FROM live_segments WHERE stream_id = $1 ORDER BY sequence DESC LIMIT $2)
       SELECT COALESCE((SELECT json_agg(t ORDER BY t.sequence) FROM tail t), '[]') AS segments,
         (SELECT count(*)::int FROM live_segments WHERE stream_id = $1 AND discontinuity AND sequence < (SELECT min(sequence) FROM tail)) AS "discontinuitiesBefore"`,
      [id, count],
    )) as { segments: SegmentEntry[]; discontinuitiesBefore: number }[];
    return row;
  }

  /**
   * Live streams whose last segment (or start, before any) came before `before` while their publisher was not known to
   * be gone: their packager went away. (One whose publisher dropped waits for it: `unresumedIds`.)
   */
  async orphanedLiveIds(before: Date): Promise<string[]> {
    const rows = (await this.manager.query(`SELECT id FROM live_streams WHERE status = 'live' AND disconnected_at IS NULL AND COALESCE(last_segment_at, started_at) < $1`, [
      before,
    ])) as { id: string }[];
    return rows.map((r) => r.id);
  }

  /** Live streams whose publisher dropped at `before` or earlier and has not come back, nor is coming back (holds it). */
  async unresumedIds(before: Date): Promise<string[]> {
    const rows = (await this.manager.query(`SELECT id FROM live_streams WHERE status = 'live' AND disconnected_at <= $1 AND NOT COALESCE(${HELD}, false)`, [
      before,
    ])) as { id: string }[];
    return rows.map((r) => r.id);
  }

  /** How many streams are ready and live, over every process (one grouped read, for the metrics). */
  async countByStatus(): Promise<Record<'ready' | 'live', number>> {
    const rows = (await this.manager.query(`SELECT status, count(*)::int AS count FROM live_streams WHERE status IN ('ready', 'live') GROUP BY status`)) as {
      status: 'ready' | 'live';
      count: number;
    }[];
    return { ready: 0, live: 0, ...Object.fromEntries(rows.map((r) => [r.status, r.count])) };
  }

  /**
   * Streams that ended before `before` with segments but no replay written (its length is set with the replay): the
   * process that ended them could not write it then (the media store did not answer, or the process died).
   */
  async endedWithoutReplayIds(before: Date): Promise<string[]> {
    const rows = (await this.manager.query(
      `SELECT s.id FROM live_streams s WHERE s.status = 'ended' AND s.duration_seconds IS NULL AND s.ended_at < $1
       AND EXISTS (SELECT 1 FROM live_segments g WHERE g.stream_id = s.id)`,
      [before],
    )) as { id: string }[];
    return rows.map((r) => r.id);
  }

  /** Which of `ids` are streams still in the table (the rest are files a crash left behind). */
  async existingIds(ids: string[]): Promise<Set<string>> {
    const rows = (await this.manager.query(`SELECT id FROM live_streams WHERE id = ANY($1::uuid[])`, [ids])) as { id: string }[];
    return new Set(rows.map((r) => r.id));
  }

  /** Live streams that started before `before`: those past the longest a stream may last. */
  async startedBeforeIds(before: Date): Promise<string[]> {
    return ((await this.manager.query(`SELECT id FROM live_streams WHERE status = 'live' AND started_at < $1`, [before])) as { id: string }[]).map((r) => r.id);
  }

  /** Ready streams created before `before`, which nobody published (one whose publisher is starting is not stale). */
  async staleReadyIds(before: Date): Promise<string[]> {
    const rows = (await this.manager.query(`SELECT id FROM live_streams WHERE status = 'ready' AND created_at < $1 AND (publisher_until IS NULL OR publisher_until < now())`, [
      before,
    ])) as { id: string }[];
    return rows.map((r) => r.id);
  }

  /** Replays that ended before `before`. */
  async expiredReplayIds(before: Date): Promise<string[]> {
    return ((await this.manager.query(`SELECT id FROM live_streams WHERE status = 'ended' AND ended_at < $1`, [before])) as { id: string }[]).map((r) => r.id);
  }
}
