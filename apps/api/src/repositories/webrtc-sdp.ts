/**
 * The SDP our WebRTC engine negotiates (docs/live.md, "Sub-second delivery"): H.264 (packetization mode 1, no
 * B-frames on WebRTC) and stereo Opus, nothing else. A publisher's offer is narrowed to those before the engine answers
 * it, so the answer accepts only them (and no retransmission or FEC stream, no header extension whose ids would differ
 * between the publisher and its viewers); a viewer's offer is read for its payload types and mids, and its answer is
 * built from the stream's own tracks. Pure text work, tested on the offers Chrome, Firefox and OBS send.
 */

export type MediaKind = 'audio' | 'video';

/** One m= section of an SDP. */
export interface MediaSection {
  kind: MediaKind;
  mid: string;
  /** The payload types the m= line offers, in its order of preference. */
  payloadTypes: number[];
  /** By payload type: the codec (lower case), its clock rate and channels, and its fmtp parameters. */
  codecs: Map<number, { name: string; clockRate: number; channels?: number; fmtp: Map<string, string> }>;
  direction: 'sendrecv' | 'sendonly' | 'recvonly' | 'inactive';
  lines: string[];
}

export interface ParsedSdp {
  session: string[];
  media: MediaSection[];
}

/** The Opus parameters every answer of ours carries: stereo both ways (a music platform must not be heard in mono). */
export const OPUS_FMTP = 'minptime=10;useinbandfec=1;stereo=1;sprop-stereo=1';
/** Constrained baseline, level 3.1: what every browser decodes, and what we ask of a WebRTC publisher first. */
const PREFERRED_PROFILE = '42e01f';

export class SdpError extends Error {}

export function parseSdp(text: string): ParsedSdp {
  if (typeof text !== 'string' || !text.startsWith('v=0')) throw new SdpError('Not an SDP (it must start with v=0)');
  const lines = text.split(/\r?\n/).filter((line) => line.length > 0);
  const session: string[] = [];
  const media: MediaSection[] = [];
  let current: MediaSection | undefined;
  for (const line of lines) {
    if (line.startsWith('m=')) {
      const [kind, , , ...formats] = line.slice(2).split(' ');
      current = {
        kind: kind as MediaKind,
        mid: '',
        payloadTypes: formats.map(Number).filter((n) => Number.isInteger(n) && n >= 0 && n < 128),
        codecs: new Map(),
        direction: 'sendrecv',
        lines: [line],
      };
      media.push(current);
      continue;
    }
    if (!current) {
      session.push(line);
      continue;
    }
    current.lines.push(line);
    const rtpmap = /^a=rtpmap:(\d+) ([^/\s]+)\/(\d+)(?:\/(\d+))?/.exec(line);
    if (rtpmap) {
      const pt = Number(rtpmap[1]);
      const known = current.codecs.get(pt);
      current.codecs.set(pt, { fmtp: known?.fmtp ?? new Map(), name: rtpmap[2].toLowerCase(), clockRate: Number(rtpmap[3]), channels: rtpmap[4] ? Number(rtpmap[4]) : undefined });
      continue;
    }
    const fmtp = /^a=fmtp:(\d+) (.*)$/.exec(line);
    if (fmtp) {
      const pt = Number(fmtp[1]);
      const params = new Map(
        fmtp[2]
          .split(';')
          .map((p) => p.trim())
          .filter(Boolean)
          .map((p) => {
            const eq = p.indexOf('=');
            return (eq < 0 ? [p.toLowerCase(), ''] : [p.slice(0, eq).toLowerCase(), p.slice(eq + 1)]) as [string, string];
          }),
      );
      const known = current.codecs.get(pt);
      if (known) known.fmtp = params;
      else current.codecs.set(pt, { name: '', clockRate: 0, fmtp: params });
      continue;
    }
    if (line.startsWith('a=mid:')) current.mid = line.slice(6).trim();
    else if (/^a=(sendrecv|sendonly|recvonly|inactive)$/.test(line)) current.direction = line.slice(2) as MediaSection['direction'];
  }
  if (!media.length) throw new SdpError('The SDP has no media');
  return { session, media };
}

/** The payload type of the codec we take in a section, or undefined when it offers none of ours. */
export function choosePayloadType(section: MediaSection, preferProfile = PREFERRED_PROFILE): number | undefined {
  const offered = section.payloadTypes.map((pt) => [pt, section.codecs.get(pt)] as const).filter(([, c]) => c);
  if (section.kind === 'audio') return offered.find(([, c]) => c!.name === 'opus' && c!.clockRate === 48000)?.[0];
  const h264 = offered.filter(([, c]) => c!.name === 'h264' && c!.fmtp.get('packetization-mode') === '1');
  const profile = (pt: number) => section.codecs.get(pt)!.fmtp.get('profile-level-id')?.toLowerCase();
  return (h264.find(([pt]) => profile(pt) === preferProfile) ?? h264.find(([pt]) => profile(pt)?.startsWith('42')) ?? h264[0])?.[0];
}

export interface NarrowedOffer {
  sdp: string;
  video?: { mid: string; payloadType: number; profile?: string };
  audio?: { mid: string; payloadType: number };
}

/**
 * A publisher's offer narrowed to one H.264 and one Opus payload type (stereo asked for), without header extensions,
 * retransmission and FEC: what the engine then answers. At most one audio and one video section (RFC 9725), each
 * sending; refused when neither carries a codec of ours.
 */
export function narrowPublisherOffer(text: string): NarrowedOffer {
  const parsed = parseSdp(text);
  const result: NarrowedOffer = { sdp: '' };
  const out = [...parsed.session.filter((l) => !l.startsWith('a=extmap'))];
  for (const section of parsed.media) {
    if (section.kind !== 'audio' && section.kind !== 'video') throw new SdpError(`Only audio and video are taken, not ${section.kind}`);
    if (result[section.kind]) throw new SdpError(`At most one ${section.kind} section`);
    if (section.direction !== 'sendonly' && section.direction !== 'sendrecv') throw new SdpError('A publisher’s media must be sendonly');
    const pt = choosePayloadType(section);
    if (pt === undefined) throw new SdpError(section.kind === 'video' ? 'The video must be H.264 (packetization-mode=1)' : 'The audio must be Opus');
    if (!section.mid) throw new SdpError('Every media section needs a mid');
    if (section.kind === 'video') result.video = { mid: section.mid, payloadType: pt, profile: section.codecs.get(pt)!.fmtp.get('profile-level-id') };
    else result.audio = { mid: section.mid, payloadType: pt };
    out.push(...keepPayloadType(section, pt));
  }
  if (!result.video && !result.audio) throw new SdpError('The offer has neither audio nor video');
  return { ...result, sdp: `${out.join('\r\n')}\r\n` };
}

/** A section's lines with only `pt` left in its m= line and attributes, no extensions, no repair streams; Opus in stereo. */
function keepPayloadType(section: MediaSection, pt: number): string[] {
  const [mLine, ...rest] = section.lines;
  const parts = mLine.split(' ');
  // The second SSRC of each FID (retransmission) or FEC group.
  const repairs = new Set(rest.filter((l) => /^a=ssrc-group:(FID|FEC-FR) /.test(l)).flatMap((l) => l.split(' ').slice(2)));
  const lines = [`${parts.slice(0, 3).join(' ')} ${pt}`];
  for (const line of rest) {
    const forPt = /^a=(rtpmap|fmtp|rtcp-fb):(\d+|\*)[ ]/.exec(line);
    if (forPt && forPt[2] !== String(pt)) continue;
    if (line.startsWith('a=extmap') || line.startsWith('a=ssrc-group')) continue;
    // The engine tells the media of each track apart by its SSRC: the media's are kept, a retransmission stream's go.
    if (line.startsWith('a=ssrc:') && repairs.has(line.slice(7).split(' ')[0])) continue;
    if (forPt?.[1] === 'fmtp' && section.kind === 'audio') {
      lines.push(`a=fmtp:${pt} ${OPUS_FMTP}`);
      continue;
    }
    lines.push(line);
  }
  if (section.kind === 'audio' && !section.codecs.get(pt)?.fmtp.size) lines.push(`a=fmtp:${pt} ${OPUS_FMTP}`);
  return lines;
}

/** What a viewer's offer asks for: the mid and payload type of each kind we can send it. */
export interface ViewerOffer {
  video?: { mid: string; payloadType: number };
  audio?: { mid: string; payloadType: number };
  /** Sections we send nothing on (a kind the stream lacks, or a second one): answered inactive by the engine. */
  sdp: string;
}

/**
 * A viewer's (WHEP) offer: receive-only sections, one of each kind taken. `profile` is the publisher's H.264 profile,
 * preferred among the viewer's. Refused when it can receive neither our video nor our audio.
 */
export function readViewerOffer(text: string, profile?: string): ViewerOffer {
  const parsed = parseSdp(text);
  const result: ViewerOffer = { sdp: '' };
  for (const section of parsed.media) {
    if (section.kind !== 'audio' && section.kind !== 'video') continue;
    if (result[section.kind] || (section.direction !== 'recvonly' && section.direction !== 'sendrecv') || !section.mid) continue;
    const pt = choosePayloadType(section, profile?.toLowerCase());
    if (pt !== undefined) result[section.kind] = { mid: section.mid, payloadType: pt };
  }
  if (!result.video && !result.audio) throw new SdpError('The offer receives neither H.264 video nor Opus audio');
  return { ...result, sdp: text.endsWith('\n') ? text : `${text}\r\n` };
}

/** The candidates of an `application/trickle-ice-sdpfrag` body (RFC 8840), with the mid each belongs to. */
export function parseTrickleFragment(text: string): { candidates: { candidate: string; mid: string }[]; ufrag?: string } {
  const candidates: { candidate: string; mid: string }[] = [];
  let mid = '0';
  let ufrag: string | undefined;
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith('a=mid:')) mid = line.slice(6).trim();
    else if (line.startsWith('a=ice-ufrag:')) ufrag ??= line.slice(12).trim();
    else if (line.startsWith('a=candidate:')) candidates.push({ candidate: line.slice(2).trim(), mid });
  }
  return { candidates, ufrag };
}

/**
 * The answer's host candidates announced at `hosts` instead of the address the engine bound (its public address behind
 * NAT, or a container's host): each candidate once per host. Unchanged without hosts.
 */
export function announceHosts(sdp: string, hosts: string[]): string {
  if (!hosts.length) return sdp;
  return sdp
    .split('\r\n')
    .flatMap((line) => {
      const match = /^(a=candidate:\S+ \d+ \S+ )(\d+) (\S+)( \d+ typ host.*)$/.exec(line);
      if (!match) return [line];
      return hosts.map((host, i) => `${match[1]}${Math.max(1, Number(match[2]) - i)} ${host}${match[4]}`);
    })
    .join('\r\n');
}

/**
 * ICE over TCP's candidate priority (RFC 6544 4.2): a host candidate's type preference lowered from UDP's 126 to 90,
 * under a server-reflexive UDP one (100), so that a peer uses TCP only when no UDP path works; local preference for a
 * passive candidate (direction 4 of 6); component 1.
 */
const PASSIVE_TCP_PRIORITY = 90 * 2 ** 24 + (4 * 2 ** 13 + 8191) * 2 ** 8 + 255;

/**
 * After each of the answer's UDP host candidates, a passive TCP one at the same address on `port` (ICE over TCP,
 * ice-tcp-relay.ts), for peers that cannot send UDP. Unchanged when `port` is 0.
 */
export function withPassiveTcp(sdp: string, port: number): string {
  if (!port) return sdp;
  return sdp
    .split('\r\n')
    .flatMap((line) => {
      const match = /^a=candidate:(\S+) 1 udp \d+ (\S+) \d+ typ host\b/i.exec(line);
      return match ? [line, `a=candidate:tcp${match[1]} 1 TCP ${PASSIVE_TCP_PRIORITY} ${match[2]} ${port} typ host tcptype passive`] : [line];
    })
    .join('\r\n');
}

/** The SDP ffmpeg reads a WebRTC publisher's media by, as the engine forwards it on loopback (RTCP on port + 1). */
export function packagerSdp(offer: NarrowedOffer, ports: { video?: number; audio?: number }): string {
  const lines = ['v=0', 'o=- 0 0 IN IP4 127.0.0.1', 's=live', 'c=IN IP4 127.0.0.1', 't=0 0'];
  if (offer.video && ports.video) {
    lines.push(`m=video ${ports.video} RTP/AVP ${offer.video.payloadType}`, `a=rtpmap:${offer.video.payloadType} H264/90000`, `a=fmtp:${offer.video.payloadType} packetization-mode=1`);
  }
  if (offer.audio && ports.audio) lines.push(`m=audio ${ports.audio} RTP/AVP ${offer.audio.payloadType}`, `a=rtpmap:${offer.audio.payloadType} opus/48000/2`);
  return `${lines.join('\r\n')}\r\n`;
}
