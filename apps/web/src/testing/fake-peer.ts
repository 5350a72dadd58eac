/**
 * A stand-in for RTCPeerConnection in jest (jsdom has none), for the WHIP and WHEP clients: it records what the client
 * did (the configuration it was made with, transceivers, codec preferences, the descriptions it set, close) and lets
 * the test drive the connection state.
 */
export class FakePeer extends EventTarget {
  connectionState: RTCPeerConnectionState = 'new';
  iceGatheringState: RTCIceGatheringState = 'new';
  localDescription: RTCSessionDescriptionInit | null = null;
  remoteDescription: RTCSessionDescriptionInit | null = null;
  readonly transceivers: { kind: string; init?: RTCRtpTransceiverInit; preferences?: RTCRtpCodec[] }[] = [];
  closed = false;
  /** Whether media comes: each getStats then counts one more packet received; stopped, the count stays. */
  flowing = true;
  private packets = 0;

  constructor(
    /** The offer createOffer gives (a host candidate, H.264, Opus without stereo, as Chromium's). */
    readonly offer = FAKE_OFFER,
    /** Whether gathering completes when the offer is set (otherwise the client waits its gathering time). */
    private readonly gathers = true,
    /** What it was made with: the ICE servers. */
    readonly configuration: RTCConfiguration = {},
  ) {
    super();
  }

  getConfiguration(): RTCConfiguration {
    return this.configuration;
  }

  addTransceiver(trackOrKind: MediaStreamTrack | string, init?: RTCRtpTransceiverInit): RTCRtpTransceiver {
    const entry: (typeof this.transceivers)[number] = { kind: typeof trackOrKind === 'string' ? trackOrKind : trackOrKind.kind, init };
    this.transceivers.push(entry);
    return {
      setCodecPreferences: (codecs: RTCRtpCodec[]) => {
        entry.preferences = codecs;
      },
    } as unknown as RTCRtpTransceiver;
  }

  createOffer(): Promise<RTCSessionDescriptionInit> {
    return Promise.resolve({ type: 'offer', sdp: this.offer });
  }

  setLocalDescription(description: RTCSessionDescriptionInit): Promise<void> {
    this.localDescription = description;
    if (this.gathers) this.iceGatheringState = 'complete';
    return Promise.resolve();
  }

  setRemoteDescription(description: RTCSessionDescriptionInit): Promise<void> {
    if (this.closed) return Promise.reject(new Error('closed'));
    this.remoteDescription = description;
    return Promise.resolve();
  }

  getStats(): Promise<RTCStatsReport> {
    if (this.flowing) this.packets++;
    return Promise.resolve(new Map([['inbound', { type: 'inbound-rtp', packetsReceived: this.packets }]]) as unknown as RTCStatsReport);
  }

  /** The connection moves to `state`, as the browser would tell it. */
  become(state: RTCPeerConnectionState): void {
    this.connectionState = state;
    this.dispatchEvent(new Event('connectionstatechange'));
  }

  close(): void {
    this.closed = true;
    this.connectionState = 'closed';
  }
}

export const FAKE_OFFER = [
  'v=0',
  'o=- 1 2 IN IP4 127.0.0.1',
  's=-',
  't=0 0',
  'm=video 9 UDP/TLS/RTP/SAVPF 96 102',
  'a=candidate:1 1 udp 2113937151 abc.local 50000 typ host generation 0',
  'a=rtpmap:96 VP8/90000',
  'a=rtpmap:102 H264/90000',
  'a=fmtp:102 level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f',
  'm=audio 9 UDP/TLS/RTP/SAVPF 111 63',
  'a=rtpmap:111 opus/48000/2',
  'a=fmtp:111 minptime=10;useinbandfec=1',
  'a=rtpmap:63 red/48000/2',
  'a=fmtp:63 111/111',
  '',
].join('\r\n');

/** An SDP answer body (its content is the fake peer's to keep). */
export const FAKE_ANSWER = 'v=0\r\ns=-\r\n';

/** A recorded call of the clients' `send`. */
export interface SentCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}
