import { Injectable, Logger, type OnModuleDestroy, BadGatewayException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Station } from '../../repositories/schema/station.entity';
import { type RelayTitle, StationRelay } from './station-relay';
import { UpstreamConnector } from '../../repositories/upstream-connector';
import { RelayPresenceService } from './relay-presence.service';
import { takeConnection } from './take-connection';
import type { Principal } from '../../auth/principals.service';
import { type ChosenStream, STREAM_QUALITIES, type StreamQuality, streamFor } from './listener-terms';
import { RelayAccess } from './relay-access';
import { AdsService } from '../../ads/ads.service';
import { AdMeterService } from '../../ads/ad-meter.service';
import { Metrics, type Reading } from '../../core/metrics/metrics';
import type { Socket } from 'node:net';

/** A station's relays in this process: one per stream quality that has listeners (docs/architecture.md, "Plans on the relay"). */

/**
 * The same-origin relay of every station (docs/architecture.md, "What talks to what"): one StationRelay per station
 * and stream quality with listeners in this process, reported to the other processes through RelayPresenceService as
 * one figure per station.
 */
@Injectable()
export class RelayService implements OnModuleDestroy {
  private readonly logger = new Logger('Relay');
  /**
   * The open relays, by station and then by stream quality: a station with none has no entry, so the stations list,
   * which asks current() and listeners() of every station on every request, finds that at once (docs/request-path.md,
   * step 10).
   */
  private readonly relays = new Map<string, Map<StreamQuality, StationRelay>>();
  private readonly titleListeners = new Set<(stationId: string, title: RelayTitle & { updatedAt: Date }) => void>();
  /** Each listener's station and plan, until their socket closes: read by the listeners gauge when Prometheus scrapes. */
  private readonly audience = new Map<Socket, { station: string; plan: string }>();

  constructor(
    private readonly connector: UpstreamConnector,
    private readonly presence: RelayPresenceService,
    private readonly access: RelayAccess,
    private readonly ads: AdsService,
    private readonly meter: AdMeterService,
    private readonly metrics: Metrics,
  ) {
    metrics.radioListeners.read(() => this.listenersByPlan());
    metrics.radioRelaysOpen.read(() => [[{}, [...this.relays.values()].reduce((sum, open) => sum + open.size, 0)]]);
  }

  /** Now-playing from this process's open relay of a station, if it has one with a title. */
  current(stationId: string): (RelayTitle & { updatedAt: Date }) | undefined {
    const open = this.relays.get(stationId);
    if (!open) return undefined;
    for (const quality of STREAM_QUALITIES) {
      const current = open.get(quality)?.current;
      if (current) return current;
    }
    return undefined;
  }

  /** The stations this process relays now. */
  relayedStations(): string[] {
    return [...this.relays.keys()];
  }

  /** This process's listeners of the station, exactly. */
  listeners(stationId: string): number {
    let sum = 0;
    for (const relay of this.relays.get(stationId)?.values() ?? []) sum += relay.audienceSize;
    return sum;
  }

  onTitle(listener: (stationId: string, title: RelayTitle & { updatedAt: Date }) => void): void {
    this.titleListeners.add(listener);
  }

  /**
   * Answers a listener's request with the station's audio for as long as they stay: a premium station only on a plan
   * with premium stations (403 naming the plan), the station's higher-quality stream on a plan with 320 kbps, and the
   * share of the listener limit kept for paid plans (docs/architecture.md, "Plans on the relay"). `ticket` is the
   * request's ?ticket=, which names a listener without cookies on a plan with ads.
   */
  async serve(station: Station, req: FastifyRequest, res: FastifyReply, principal?: Principal, ticket?: string): Promise<void> {
    // The refusals below are as readable as the audio: a player on another site acts on their code (stream_ticket_required…).
    res.header('Access-Control-Allow-Origin', '*');
    const { userId, plan, limits } = await this.access.listenerOf(req, principal);
    this.access.checkStation(station, limits);
    // On a plan with ads the stream is counted for a known listener (an account, the listener cookie, a stream ticket),
    // refused while their break is overdue, and ended when it falls due (docs/architecture.md, "Ads"). API keys are the
    // developer API's, on its own terms.
    const listener = limits.ads && principal?.via !== 'key' ? await this.ads.admitStream(req, ticket, userId, station.id) : undefined;
    // The limit is the station's over every process: the others' reported listeners (about 2 s old at most) and ours.
    const elsewhere = (await this.presence.others()).get(station.id)?.listeners ?? 0;
    this.access.checkRoom(station, this.listeners(station.id) + elsewhere, limits);
    const stream = streamFor(station, limits);
    const relay = this.relayFor(station, stream);
    try {
      await relay.ready();
    } catch (e) {
      if (relay.audienceSize === 0) this.forget(stream.quality, relay);
      this.logger.warn(`${station.id}: ${(e as Error).message}`);
      throw new BadGatewayException(`${station.name} is not reachable right now`);
    }
    const headers = {
      'Content-Type': relay.contentType,
      'Cache-Control': 'no-cache, no-store',
      'Access-Control-Allow-Origin': '*',
      'Cross-Origin-Resource-Policy': 'cross-origin',
      'X-Content-Type-Options': 'nosniff',
      // Which stream this is, so a player can show it (icy-br is what Icecast players read); a lossless stream has no
      // bitrate of its own (FLAC's follows the music).
      'X-Stream-Quality': stream.quality,
      ...(stream.bitrate ? { 'X-Stream-Bitrate': String(stream.bitrate), 'icy-br': String(stream.bitrate) } : {}),
      'Access-Control-Expose-Headers': 'X-Stream-Quality, X-Stream-Bitrate',
    };
    if (req.method === 'HEAD') {
      void res.status(200).headers(headers).send();
      return;
    }
    // From here on the socket carries only audio, for hours. Writing to it directly (HTTP/1.0 style, ended by
    // closing) and letting go of the HTTP server's and the framework's state for it keeps each listener cheap.
    res.hijack();
    const socket = takeConnection(req.raw, res.raw);
    if (!socket) return;
    // The head and the burst leave in one write.
    socket.cork();
    socket.write(`HTTP/1.1 200 OK\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')}Connection: close\r\n\r\n`);
    relay.add(socket);
    socket.uncork();
    if (!socket.destroyed) {
      this.audience.set(socket, { station: station.id, plan });
      socket.once('close', () => this.audience.delete(socket));
    }
    if (listener) this.meter.watch(listener, socket);
  }

  onModuleDestroy(): void {
    for (const open of this.relays.values()) for (const relay of open.values()) relay.close();
  }

  /** This process's listeners by station and plan. */
  private listenersByPlan(): Reading<'station' | 'plan'>[] {
    const counts = new Map<string, Reading<'station' | 'plan'>>();
    for (const { station, plan } of this.audience.values()) {
      const key = `${station}\n${plan}`;
      const [labels, n] = counts.get(key) ?? [{ station, plan }, 0];
      counts.set(key, [labels, n + 1]);
    }
    return [...counts.values()];
  }

  private relayFor(station: Station, stream: ChosenStream): StationRelay {
    let relay = this.relays.get(station.id)?.get(stream.quality);
    if (!relay) {
      const labels = { station: station.id };
      // From its first connection, so an alert sees the first failure as an increase.
      this.metrics.radioUpstreamFailures.inc(labels, 0);
      relay = new StationRelay(station.id, stream.url, this.connector, {
        meter: {
          connected: () => this.metrics.radioUpstreamConnects.inc(labels),
          failed: () => this.metrics.radioUpstreamFailures.inc(labels),
          sent: (bytes) => this.metrics.radioSentBytes.inc(labels, bytes),
        },
      });
      const opened = relay;
      relay.on('title', (title: RelayTitle & { updatedAt: Date }) => {
        this.report(station.id);
        // Another of the station's streams announced this title already: one title change is one announcement.
        const siblings = [...(this.relays.get(station.id) ?? [])].filter(([quality]) => quality !== stream.quality).map(([, sibling]) => sibling.current);
        if (siblings.some((sibling) => sibling && sibling.title === title.title && sibling.artist === title.artist)) return;
        for (const listener of this.titleListeners) listener(station.id, title);
      });
      relay.on('audience', () => this.report(station.id));
      relay.once('closed', () => this.forget(stream.quality, opened));
      const open = this.relays.get(station.id) ?? new Map<StreamQuality, StationRelay>();
      this.relays.set(station.id, open.set(stream.quality, relay));
      this.report(station.id);
    }
    return relay;
  }

  private forget(quality: StreamQuality, relay: StationRelay): void {
    const open = this.relays.get(relay.stationId);
    if (open?.get(quality) !== relay) return;
    open.delete(quality);
    if (open.size === 0) this.relays.delete(relay.stationId);
    this.report(relay.stationId);
  }

  /** The station's relays in this process as one report: their listeners together, and the title they play. */
  private report(stationId: string): void {
    if (!this.relays.has(stationId)) {
      this.presence.report(stationId, undefined);
      return;
    }
    const title = this.current(stationId);
    this.presence.report(stationId, { listeners: this.listeners(stationId), artist: title?.artist ?? null, title: title?.title ?? null, titleAt: title?.updatedAt ?? null });
  }
}
