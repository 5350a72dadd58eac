import { act, screen, waitFor } from '@testing-library/react';
import { apiServer, apiError, apiUrl, http, HttpResponse, setupApiServer } from '../../../testing/api-server';
import { FakePeer } from '../../../testing/fake-peer';
import { renderApp } from '../../../testing/render-app';
import { LivePlayer } from './live-player';

setupApiServer();

const STREAM = '7d1c2b3a-0000-4000-8000-0000000000aa';
const WEBRTC = 'WebRTC · opóźnienie poniżej sekundy';
const HLS = 'HLS · opóźnienie kilka sekund';

/** The peers the player made; each connects once it has the answer (unless told not to). */
const peers: ConnectingPeer[] = [];
let connects = true;
class ConnectingPeer extends FakePeer {
  constructor(configuration?: RTCConfiguration) {
    super(undefined, undefined, configuration);
    peers.push(this);
  }
  override async setRemoteDescription(description: RTCSessionDescriptionInit): Promise<void> {
    await super.setRemoteDescription(description);
    if (connects) setTimeout(() => this.become('connected'), 1);
  }
}

const TURN = '<turn:turn.example.org:3478?transport=udp>; rel="ice-server"; username="ania"; credential="p;a,ss"; credential-type="password"';

/** The API's answer to OPTIONS: CORS, and the ICE servers as Link headers, one a server. */
let offered: () => Response = () => new Response(null, { status: 204 });

/** Answers WHEP's POST with `answers` in turn (the last one again), its OPTIONS with `offered`, and records the calls. */
function whep(...answers: (() => Response)[]) {
  const calls: { method: string; url: string }[] = [];
  apiServer.use(
    http.options(apiUrl(`/stream/${STREAM}/whep`), ({ request }) => {
      calls.push({ method: 'OPTIONS', url: request.url });
      return offered();
    }),
    http.post(apiUrl(`/stream/${STREAM}/whep`), ({ request }) => {
      calls.push({ method: 'POST', url: request.url });
      return (answers.length > 1 ? answers.shift()! : answers[0])();
    }),
    http.delete(apiUrl('/stream/whep/:session'), ({ request }) => {
      calls.push({ method: 'DELETE', url: request.url });
      return new Response(null, { status: 200 });
    }),
  );
  return calls;
}

const created = () => new Response('v=0\r\n', { status: 201, headers: { 'Content-Type': 'application/sdp', Location: '/api/v1/stream/whep/session-1' } });

describe('LivePlayer', () => {
  beforeEach(() => {
    peers.length = 0;
    connects = true;
    offered = () => new Response(null, { status: 204 });
    Object.assign(globalThis, { RTCPeerConnection: ConnectingPeer, MediaStream: class { addTrack() {} } });
    jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
  });
  afterEach(() => {
    delete (globalThis as { RTCPeerConnection?: unknown }).RTCPeerConnection;
    delete (globalThis as { MediaStream?: unknown }).MediaStream;
    jest.restoreAllMocks();
  });

  const player = (live: boolean, src = `http://localhost/api/v1/live/${STREAM}/index.m3u8?access=a.b`) => (
    <LivePlayer src={src} streamId={STREAM} live={live} label="Obraz transmisji: Koncert" />
  );

  it('plays a live stream over WebRTC with the viewer id and the access HLS gets, says so, and leaves on unmount', async () => {
    const calls = whep(created);
    const { unmount } = renderApp(player(true));
    expect(await screen.findByText(WEBRTC)).toBeInTheDocument();
    const url = new URL(calls[0].url);
    expect(url.searchParams.get('access')).toBe('a.b');
    expect(url.searchParams.get('viewer')).toMatch(/^[0-9a-f]{32}$/);
    expect((screen.getByLabelText('Obraz transmisji: Koncert') as HTMLVideoElement & { srcObject: unknown }).srcObject).toBeDefined();
    unmount();
    await waitFor(() => expect(calls.map((c) => c.method)).toEqual(['OPTIONS', 'POST', 'DELETE']));
    expect(peers[0].closed).toBe(true);
  });

  it('connects with the ICE servers the API names, asked at the address of the offer', async () => {
    offered = () => {
      const headers = new Headers();
      for (const link of [TURN, '<stun:stun.example.org:3478>; rel="ice-server"']) headers.append('Link', link);
      return new Response(null, { status: 204, headers });
    };
    const calls = whep(created);
    renderApp(player(true));
    expect(await screen.findByText(WEBRTC)).toBeInTheDocument();
    expect(calls.slice(0, 2).map((c) => c.method)).toEqual(['OPTIONS', 'POST']);
    expect(calls[0].url).toBe(calls[1].url);
    expect(peers[0].getConfiguration()).toEqual({
      iceServers: [{ urls: 'turn:turn.example.org:3478?transport=udp', username: 'ania', credential: 'p;a,ss' }, { urls: 'stun:stun.example.org:3478' }],
    });
  });

  it('plays over WebRTC all the same when the ICE servers cannot be asked for', async () => {
    offered = () => HttpResponse.error();
    whep(created);
    renderApp(player(true));
    expect(await screen.findByText(WEBRTC)).toBeInTheDocument();
    expect(peers[0].getConfiguration()).toEqual({ iceServers: [] });
  });

  it('plays HLS by itself, and says so, when the server has no WebRTC place for the viewer', async () => {
    const calls = whep(() => apiError(503, { code: 'webrtc_full' }));
    renderApp(player(true));
    expect(await screen.findByText(HLS)).toBeInTheDocument();
    expect(screen.queryByText(WEBRTC)).not.toBeInTheDocument();
    expect(calls.map((c) => c.method)).toEqual(['OPTIONS', 'POST']);
  });

  it('asks WebRTC once more when the connection drops, saying it connects meanwhile, then plays HLS when it drops again', async () => {
    const calls = whep(created);
    renderApp(player(true));
    expect(await screen.findByText(WEBRTC)).toBeInTheDocument();
    act(() => void screen.getByLabelText('Obraz transmisji: Koncert').dispatchEvent(new Event('playing')));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => peers[0].become('failed'));
    expect(screen.getByRole('status')).toHaveTextContent('Łączenie z transmisją…');
    await waitFor(() => expect(peers).toHaveLength(2));
    await waitFor(() => expect(peers[1].connectionState).toBe('connected'));
    expect(screen.getByText(WEBRTC)).toBeInTheDocument();
    act(() => peers[1].become('failed'));
    expect(await screen.findByText(HLS)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2);
  });

  it('does not start the replay over a stream that ended while it played over WebRTC', async () => {
    const calls = whep(created, () => apiError(409, { code: 'stream_ended' }));
    renderApp(player(true));
    expect(await screen.findByText(WEBRTC)).toBeInTheDocument();
    act(() => peers[0].become('failed'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(HLS)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('plays a replay over HLS only, and says nothing of how', async () => {
    const calls = whep(created);
    renderApp(player(false));
    // jsdom plays no HLS: the player says so once it has tried.
    expect(await screen.findByRole('alert')).toHaveTextContent('Ta przeglądarka nie odtwarza transmisji na żywo.');
    expect(calls).toEqual([]);
    expect(screen.queryByText(HLS)).not.toBeInTheDocument();
  });
});
