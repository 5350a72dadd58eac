import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** One reading of a point-in-time figure: its labels and its value. */
export type Reading<Label extends string> = readonly [labels: Partial<Record<Label, string>>, value: number];

/** Reads a figure from the live state when Prometheus scrapes (docs/metrics.md): a gauge that cannot outlive what it counts. */
export type Reader<Label extends string> = () => Iterable<Reading<Label>> | Promise<Iterable<Reading<Label>>>;

/** The limits that refuse requests, as grouarock_limit_refusals_total names them. */
export const LIMITERS = ['site', 'sign_in', 'second_factor', 'api_key_failures', 'api_plan', 'assistant', 'data_export', 'relay_room'] as const;
export type Limiter = (typeof LIMITERS)[number];

/** Buckets of request and operation latencies, in seconds: 5 ms to 10 s, finer where a p99 usually lies (10–200 ms). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.07, 0.08, 0.09, 0.1, 0.125, 0.15, 0.175, 0.2, 0.25, 0.3, 0.5, 1, 2.5, 5, 10];
/** Buckets of long work (a studio render, an assistant reply), in seconds. */
const WORK_BUCKETS = [0.1, 0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300];

/**
 * A gauge whose value is read when Prometheus scrapes, from whatever readers the owning services attached: nothing
 * sets it between scrapes, so a stream that ended or a socket that closed is gone from the next scrape.
 */
export class ReadGauge<Label extends string> {
  private readonly readers: Reader<Label>[] = [];
  readonly gauge: Gauge<Label>;

  constructor(registry: Registry, name: string, help: string, labelNames: readonly Label[] = []) {
    const readers = this.readers;
    this.gauge = new Gauge<Label>({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        this.reset();
        // A source that cannot answer now (the database away) leaves its part out; the scrape itself still answers.
        const readings = await Promise.all(readers.map((reader) => Promise.resolve().then(reader).catch(() => [])));
        for (const reading of readings) for (const [labels, value] of reading) this.inc(labels as Partial<Record<Label, string | number>>, value);
      },
    });
  }

  /** Attaches a source of this figure; several sources add up (each reading is added to the labels' value). */
  read(reader: Reader<Label>): void {
    this.readers.push(reader);
  }
}

/**
 * Every figure this process publishes for Prometheus (docs/metrics.md), in one registry of its own: each application
 * (the API tests make many in one process) has its own, and the services it is given to count into it. The metrics
 * listener (metrics-server.ts) serves it.
 */
@Injectable()
export class Metrics implements OnModuleDestroy {
  readonly registry = new Registry();

  readonly draining = this.readGauge('grouarock_draining', 'Whether the process is draining (SIGTERM came): 1 while it refuses new work and answers not-ready');

  readonly httpDuration = this.histogram('grouarock_http_request_duration_seconds', 'HTTP requests by method, route template and status class, and how long they took until the answer ended', LATENCY_BUCKETS, ['method', 'route', 'status_class'] as const);

  readonly radioListeners = this.readGauge('grouarock_radio_listeners', 'Listeners of each station in this process, by plan', ['station', 'plan'] as const);
  readonly radioRelaysOpen = this.readGauge('grouarock_radio_relays_open', 'Upstream connections this process holds for its listeners');
  readonly radioUpstreamConnects = this.counter('grouarock_radio_upstream_connects_total', 'Connections made to stations upstream', ['station'] as const);
  readonly radioUpstreamFailures = this.counter('grouarock_radio_upstream_failures_total', 'Upstream connections that failed or dropped', ['station'] as const);
  readonly radioSentBytes = this.counter('grouarock_radio_sent_bytes_total', 'Audio bytes written to listeners', ['station'] as const);
  readonly radioAdBreaks = this.counter('grouarock_radio_ad_breaks_total', 'Ad breaks handed out to listeners');

  readonly liveStreams = this.readGauge('grouarock_live_streams', "The cluster's live streams by state (the same figure from every process)", ['state'] as const);
  readonly liveViewers = this.readGauge('grouarock_live_viewers', 'Viewers whose players reached this process');
  readonly liveIngestConnections = this.readGauge('grouarock_live_ingest_connections', 'Publishers connected to this process', ['protocol'] as const);
  readonly liveWebRtcViewers = this.readGauge('grouarock_live_webrtc_viewers', 'WebRTC (WHEP) viewers of this process, connecting or connected');
  readonly liveTranscodes = this.readGauge('grouarock_live_transcodes', 'Browser streams this process encodes to H.264');
  readonly liveSegmentsPublished = this.counter('grouarock_live_segments_published_total', 'HLS segments moved into the store and listed');
  readonly liveSegmentDelay = this.histogram('grouarock_live_segment_delay_seconds', "From ffmpeg listing a segment to the viewers' playlist in the store listing it", [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60]);

  readonly realtimeSockets = this.readGauge('grouarock_realtime_sockets', 'Realtime sockets open on this process');
  readonly realtimeMessagesSent = this.counter('grouarock_realtime_messages_sent_total', 'Messages sent on realtime sockets');
  readonly eventBusPublishFailures = this.counter('grouarock_event_bus_publish_failures_total', 'Events that could not be published to the other processes');
  readonly eventBusListenReconnects = this.counter('grouarock_event_bus_listen_reconnects_total', 'Times the LISTEN connection was made again after it was lost');

  readonly jobs = this.readGauge('grouarock_jobs', "The cluster's jobs by queue and state (the same figure from every process)", ['queue', 'state'] as const);
  // `task`, not `job`: Prometheus' own `job` label names the scrape job.
  readonly scheduledJobLastSuccess = this.readGauge('grouarock_scheduled_job_last_success_timestamp_seconds', 'When each scheduled job last succeeded on any process', ['task'] as const);
  readonly scheduledJobPeriod = this.readGauge('grouarock_scheduled_job_period_seconds', 'How often each scheduled job is meant to run', ['task'] as const);

  readonly studioRenders = this.counter('grouarock_studio_renders_total', 'Studio generations this process worked on, by result', ['result'] as const);
  readonly studioRenderSeconds = this.histogram('grouarock_studio_render_seconds', 'How long studio generations took, by result', WORK_BUCKETS, ['result'] as const);
  readonly assistantReplies = this.counter('grouarock_assistant_replies_total', "The assistant's replies by source", ['source'] as const);
  readonly assistantReplySeconds = this.histogram('grouarock_assistant_reply_seconds', "How long the assistant's replies took to their end, by source", WORK_BUCKETS, ['source'] as const);

  readonly limitRefusals = this.counter<'limiter'>('grouarock_limit_refusals_total', 'Requests refused by a limit, by limiter', ['limiter']);

  readonly cspViolations = this.counter<'directive'>('grouarock_csp_violations_total', "Content-Security-Policy violations browsers reported, by the policy's directive that blocked", ['directive']);

  readonly storageOperations = this.counter('grouarock_storage_operations_total', 'Media store operations by kind and result', ['operation', 'result'] as const);
  readonly storageSeconds = this.histogram('grouarock_storage_operation_seconds', 'How long media store operations took, by kind', LATENCY_BUCKETS, ['operation'] as const);

  readonly dbPoolConnections = this.readGauge('grouarock_db_pool_connections', "The database pool's connections, in use or idle", ['state'] as const);
  readonly dbPoolWaiting = this.readGauge('grouarock_db_pool_waiting', 'Queries waiting for a database connection');
  readonly dbQueryErrors = this.counter('grouarock_db_query_errors_total', 'Database queries that failed');

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    // Series that exist from the start at 0, so a rate or an increase sees their first count (an alert on the first
    // storage error, a dashboard panel before anything was refused).
    for (const limiter of LIMITERS) this.limitRefusals.inc({ limiter }, 0);
    for (const source of ['builtin', 'model']) {
      this.assistantReplies.inc({ source }, 0);
      this.assistantReplySeconds.zero({ source });
    }
    for (const result of ['completed', 'failed']) {
      this.studioRenders.inc({ result }, 0);
      this.studioRenderSeconds.zero({ result });
    }
    for (const method of ['GET', 'POST']) this.httpDuration.zero({ method, route: 'unmatched', status_class: '5xx' });
    new Gauge({ name: 'grouarock_build_info', help: 'The running build', labelNames: ['version'], registers: [this.registry] }).set({ version: buildVersion() }, 1);
  }

  /** Counts the scrapes, so that gauges read from one source can share one reading per scrape (scheduled-jobs.ts). */
  scrapes = 0;

  /** The text Prometheus reads. */
  text(): Promise<string> {
    this.scrapes++;
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  onModuleDestroy(): void {
    this.registry.clear();
  }

  private counter<Label extends string = never>(name: string, help: string, labelNames: readonly Label[] = []): Counter<Label> {
    return new Counter<Label>({ name, help, labelNames, registers: [this.registry] });
  }

  private histogram<Label extends string = never>(name: string, help: string, buckets: number[], labelNames: readonly Label[] = []): Histogram<Label> {
    return new Histogram<Label>({ name, help, labelNames, buckets, registers: [this.registry] });
  }

  private readGauge<Label extends string = never>(name: string, help: string, labelNames: readonly Label[] = []): ReadGauge<Label> {
    return new ReadGauge<Label>(this.registry, name, help, labelNames);
  }
}

/** The package's version, as the build stamped it (npm sets it when it starts the server; the bundle runs node directly). */
function buildVersion(): string {
  return process.env.npm_package_version ?? process.env.GROUAROCK_VERSION ?? 'dev';
}
