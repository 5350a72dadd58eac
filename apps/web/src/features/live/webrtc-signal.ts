import type { callApi } from '../../lib/api';

/**
 * What WHIP and WHEP share in the browser (docs/live.md, "Sub-second delivery"): the STUN/TURN servers the API names
 * before the connection is made, gathering before the offer is sent (the server takes no trickle from us), waiting for
 * the connection, and reading the API's JSON errors from a response whose success body is SDP.
 */

/** How long the offer waits for ICE gathering: past it, what was gathered goes (host candidates come first). */
export const GATHERING_MS = 1000;

/**
 * `sdp` with Opus asked in stereo (stereo=1; sprop-stereo=1 on each Opus format's fmtp). Chromium decodes Opus in mono
 * unless its own description says stereo=1 (the receiver's choice, RFC 7587 section 7.1), and its offers never do:
 * a viewer's offer is changed so, before it is set and sent.
 */
export function withStereoOpus(sdp: string): string {
  const eol = sdp.includes('\r\n') ? '\r\n' : '\n';
  const lines = sdp.split(eol);
  const opus = new Set(lines.flatMap((line) => /^a=rtpmap:(\d+) opus\/48000\/2$/i.exec(line)?.slice(1) ?? []));
  const out: string[] = [];
  const withFmtp = new Set<string>();
  for (const line of lines) {
    const fmtp = /^a=fmtp:(\d+) (.*)$/.exec(line);
    if (fmtp && opus.has(fmtp[1])) {
      withFmtp.add(fmtp[1]);
      const params = fmtp[2].split(';').filter((p) => p && !/^(sprop-)?stereo=/.test(p));
      out.push(`a=fmtp:${fmtp[1]} ${[...params, 'stereo=1', 'sprop-stereo=1'].join(';')}`);
    } else out.push(line);
  }
  // An Opus format without an fmtp line gets one, right after its rtpmap.
  return out
    .flatMap((line) => {
      const rtpmap = /^a=rtpmap:(\d+) opus\/48000\/2$/i.exec(line);
      return rtpmap && !withFmtp.has(rtpmap[1]) ? [line, `a=fmtp:${rtpmap[1]} stereo=1;sprop-stereo=1`] : [line];
    })
    .join(eol);
}

/**
 * The offer's SDP once gathering completed, or after `ms` with what was gathered by then; `change` may rewrite the
 * offer before it is set (withStereoOpus).
 */
export async function gatheredOffer(pc: RTCPeerConnection, ms = GATHERING_MS, change: (sdp: string) => string = (sdp) => sdp): Promise<string> {
  const offer = await pc.createOffer();
  await pc.setLocalDescription({ type: 'offer', sdp: change(offer.sdp ?? '') });
  if (pc.iceGatheringState !== 'complete') {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        pc.removeEventListener('icegatheringstatechange', check);
        resolve();
      }
      function check() {
        if (pc.iceGatheringState === 'complete') done();
      }
      pc.addEventListener('icegatheringstatechange', check);
    });
  }
  return pc.localDescription?.sdp ?? '';
}

/**
 * Resolves true once `pc` is connected, false when it fails, `ms` pass or `signal` aborts first (closing a connection
 * fires no state change: whoever closes it aborts the signal).
 */
export function connectedWithin(pc: RTCPeerConnection, ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    const settle = (value: boolean) => {
      clearTimeout(timer);
      pc.removeEventListener('connectionstatechange', check);
      signal?.removeEventListener('abort', aborted);
      resolve(value);
    };
    const aborted = () => settle(false);
    if (signal?.aborted) return aborted();
    signal?.addEventListener('abort', aborted);
    const check = () => {
      if (pc.connectionState === 'connected') settle(true);
      else if (pc.connectionState === 'failed' || pc.connectionState === 'closed') settle(false);
    };
    const timer = setTimeout(() => settle(false), ms);
    pc.addEventListener('connectionstatechange', check);
    check();
  });
}

/** The API's error, as much as a WHIP/WHEP client acts on: the status, the code, and Retry-After in seconds. */
export interface SignalError {
  status: number;
  code?: string;
  retryAfterSeconds?: number;
}

/** Reads a refusal's JSON body (`{statusCode, message, code}`); a body that is not JSON gives just the status. */
export async function signalError(response: Response): Promise<SignalError> {
  const body = (await response.json().catch(() => null)) as { code?: unknown } | null;
  const seconds = Number(response.headers.get('retry-after') ?? undefined);
  return {
    status: response.status,
    ...(typeof body?.code === 'string' ? { code: body.code } : {}),
    ...(Number.isFinite(seconds) && seconds > 0 ? { retryAfterSeconds: seconds } : {}),
  };
}

/**
 * The STUN/TURN servers of `Link` headers as the API sends them, one a server (`<turn:host:3478>; rel="ice-server";
 * username="…"; credential="…"; credential-type="password"`); a response joins several with commas. Quoted values may
 * hold commas and semicolons. Links of other relations, and servers the browser could not use (another scheme, TURN
 * without a username and password), are left out.
 */
export function iceServersFromLinks(header: string | null): RTCIceServer[] {
  const servers: RTCIceServer[] = [];
  for (const link of splitUnquoted(header ?? '', ',')) {
    const [target = '', ...params] = splitUnquoted(link, ';');
    const url = /^\s*<([^>]*)>\s*$/.exec(target)?.[1].trim();
    const values = new Map<string, string>();
    for (const param of params) {
      const at = param.indexOf('=');
      if (at > 0) values.set(param.slice(0, at).trim().toLowerCase(), unquoted(param.slice(at + 1).trim()));
    }
    if (!url || !values.get('rel')?.toLowerCase().split(/\s+/).includes('ice-server')) continue;
    const scheme = /^(stuns?|turns?):/i.exec(url)?.[1].toLowerCase();
    const username = values.get('username');
    const credential = values.get('credential');
    const passwordless = username === undefined || credential === undefined || (values.get('credential-type') ?? 'password').toLowerCase() !== 'password';
    if (!scheme || (scheme.startsWith('turn') && passwordless)) continue;
    servers.push({ urls: url, ...(username !== undefined ? { username } : {}), ...(credential !== undefined ? { credential } : {}) });
  }
  return servers;
}

/** `text` split at each `separator` outside angle brackets and quoted strings (in which `\"` is a quote). */
function splitUnquoted(text: string, separator: ',' | ';'): string[] {
  const parts: string[] = [];
  let part = '';
  let bracketed = false;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (bracketed) bracketed = char !== '>';
    else if (quoted && char === '\\' && i + 1 < text.length) {
      part += char + text[++i];
      continue;
    } else if (quoted) quoted = char !== '"';
    else if (char === '<') bracketed = true;
    else if (char === '"') quoted = true;
    else if (char === separator) {
      parts.push(part);
      part = '';
      continue;
    }
    part += char;
  }
  parts.push(part);
  return parts.filter((p) => p.trim());
}

/** A parameter's value: a quoted string without its quotes and escapes, or the token as it is. */
function unquoted(value: string): string {
  if (!value.startsWith('"')) return value;
  return value.slice(1, value.endsWith('"') && value.length > 1 ? -1 : undefined).replace(/\\(.)/g, '$1');
}

/**
 * The ICE servers the API offers for a WHIP or WHEP address, asked with OPTIONS (the same address and authorization as
 * the offer's POST) before the connection is made, so that it gathers with them. A call that fails, or names none:
 * no servers, and the connection is tried as it was before the API named any.
 */
export async function offeredIceServers(send: typeof callApi, url: string, init: { headers?: Record<string, string>; signal?: AbortSignal }): Promise<RTCIceServer[]> {
  try {
    const response = await send(url, { method: 'OPTIONS', ...init });
    return response.ok ? iceServersFromLinks(response.headers.get('link')) : [];
  } catch (error) {
    console.info('The ICE servers could not be asked for', error);
    return [];
  }
}

/** A connection that gathers with `iceServers`, or with none should the browser refuse them (they only help). */
export function peerWith(createPeer: (configuration: RTCConfiguration) => RTCPeerConnection, iceServers: RTCIceServer[]): RTCPeerConnection {
  if (!iceServers.length) return createPeer({ iceServers });
  try {
    return createPeer({ iceServers });
  } catch (error) {
    console.warn('The ICE servers were refused', error);
    return createPeer({ iceServers: [] });
  }
}
