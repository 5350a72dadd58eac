import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import type { UpstreamConnector } from '../../repositories/upstream-connector';
import { StationRelay } from './station-relay';

describe('StationRelay', () => {
  function relayOf(upstream: PassThrough): { relay: StationRelay; opened: () => number } {
    let opened = 0;
    const connector = {
      open: async () => {
        opened++;
        return { body: upstream as unknown as IncomingMessage, contentType: 'audio/mpeg', url: 'http://icecast.test/rock.mp3' };
      },
    };
    return { relay: new StationRelay('rock', 'http://icecast.test/rock.mp3', connector as unknown as UpstreamConnector, { lingerMs: 20 }), opened: () => opened };
  }

  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('closes an upstream opened for a request that added no listener (a HEAD) once it has lingered', async () => {
    const upstream = new PassThrough();
    const { relay } = relayOf(upstream);
    const closed = new Promise<void>((resolve) => relay.once('closed', () => resolve()));
    await relay.ready();
    await closed;
    expect(upstream.destroyed).toBe(true);
  });

  it('keeps the upstream for a listener added right after it is ready, and closes it after the last one leaves', async () => {
    const upstream = new PassThrough();
    const { relay, opened } = relayOf(upstream);
    await relay.ready();
    const socket = new PassThrough() as unknown as Socket;
    relay.add(socket);
    await wait(60);
    expect(upstream.destroyed).toBe(false);
    expect(relay.audienceSize).toBe(1);
    socket.destroy();
    await wait(60);
    expect(upstream.destroyed).toBe(true);
    expect(opened()).toBe(1);
  });
});
