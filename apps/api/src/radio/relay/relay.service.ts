import { Inject, Injectable, Logger, type OnModuleDestroy, ServiceUnavailableException, BadGatewayException } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { AppConfig } from '../../core/config/config';
import { APP_CONFIG } from '../../core/config/config.module';
import type { Station } from '../station.entity';
import { type RelayTitle, StationRelay } from './station-relay';
import { UpstreamConnector } from '../../repositories/upstream-connector';
import { RelayPresenceService } from './relay-presence.service';
import { takeConnection } from './take-connection';

/**
 * The same-origin relay of every station (docs/architecture.md, "What talks to what"): one StationRelay per station
 * with listeners in this process, each reported to the other processes through RelayPresenceService.
 */
@Injectable()
export class RelayService implements OnModuleDestroy {
  private readonly logger = new Logger('Relay');
  private readonly relays = new Map<string, StationRelay>();
  private readonly titleListeners = new Set<(stationId: string, title: RelayTitle & { updatedAt: Date }) => void>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly connector: UpstreamConnector,
    private readonly presence: RelayPresenceService,
  ) {}

  /** Now-playing from this process's open relay of a station, if it has one with a title. */
  current(stationId: string): (RelayTitle & { updatedAt: Date }) | undefined {
    return this.relays.get(stationId)?.current;
  }

  /** This process's listeners of the station, exactly. */
  listeners(stationId: string): number {
    return this.relays.get(stationId)?.audienceSize ?? 0;
  }

  onTitle(listener: (stationId: string, title: RelayTitle & { updatedAt: Date }) => void): void {
    this.titleListeners.add(listener);
  }

  /** Answers a listener's request with the station's audio for as long as they stay. */
  async serve(station: Station, req: Request, res: Response): Promise<void> {
    // The limit is the station's over every process: the others' reported listeners (about 2 s old at most) and ours.
    const elsewhere = (await this.presence.others()).get(station.id)?.listeners ?? 0;
    const relay = this.relayFor(station);
    if (relay.audienceSize + elsewhere >= this.config.relayMaxListeners) {
      throw new ServiceUnavailableException(`${station.name} has reached its limit of ${this.config.relayMaxListeners} listeners; try again later`);
    }
    try {
      await relay.ready();
    } catch (e) {
      if (relay.audienceSize === 0) this.forget(relay);
      this.logger.warn(`${station.id}: ${(e as Error).message}`);
      throw new BadGatewayException(`${station.name} is not reachable right now`);
    }
    const headers = {
      'Content-Type': relay.contentType,
      'Cache-Control': 'no-cache, no-store',
      'Access-Control-Allow-Origin': '*',
      'Cross-Origin-Resource-Policy': 'cross-origin',
      'X-Content-Type-Options': 'nosniff',
    };
    if (req.method === 'HEAD') {
      res.status(200).set(headers).end();
      return;
    }
    // From here on the socket carries only audio, for hours. Writing to it directly (HTTP/1.0 style, ended by
    // closing) and letting go of the HTTP server's and the framework's state for it keeps each listener cheap.
    const socket = takeConnection(req, res);
    if (!socket) return;
    // The head and the burst leave in one write.
    socket.cork();
    socket.write(`HTTP/1.1 200 OK\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')}Connection: close\r\n\r\n`);
    relay.add(socket);
    socket.uncork();
  }

  onModuleDestroy(): void {
    for (const relay of this.relays.values()) relay.close();
  }

  private relayFor(station: Station): StationRelay {
    let relay = this.relays.get(station.id);
    if (!relay) {
      relay = new StationRelay(station.id, station.streamUrl, this.connector);
      const opened = relay;
      relay.on('title', (title: RelayTitle & { updatedAt: Date }) => {
        this.report(opened);
        for (const listener of this.titleListeners) listener(station.id, title);
      });
      relay.on('audience', () => this.report(opened));
      relay.once('closed', () => this.forget(opened));
      this.relays.set(station.id, relay);
      this.report(relay);
    }
    return relay;
  }

  private forget(relay: StationRelay): void {
    if (this.relays.get(relay.stationId) !== relay) return;
    this.relays.delete(relay.stationId);
    this.presence.report(relay.stationId, undefined);
  }

  private report(relay: StationRelay): void {
    if (this.relays.get(relay.stationId) !== relay) return;
    const title = relay.current;
    this.presence.report(relay.stationId, { listeners: relay.audienceSize, artist: title?.artist ?? null, title: title?.title ?? null, titleAt: title?.updatedAt ?? null });
  }
}
