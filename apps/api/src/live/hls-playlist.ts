/** One media segment of an HLS playlist: its file, length in seconds and media sequence number. */
export interface HlsSegment {
  uri: string;
  duration: number;
  sequence: number;
}

/** What we read from the live playlist ffmpeg writes. */
export interface LivePlaylist {
  targetDuration: number;
  mediaSequence: number;
  segments: HlsSegment[];
  ended: boolean;
}

/** Segment files as the packager names them (docs/live.md): nothing else is ever served from a stream's folder. */
export const SEGMENT_NAME = /^seg-\d{1,9}\.ts$/;

/**
 * The playlist ffmpeg last wrote, or undefined when the text is not a whole playlist: ffmpeg's build from npm
 * cannot rename its playlist into place, so a read may catch it half written.
 */
export function parseLivePlaylist(text: string): LivePlaylist | undefined {
  if (!text.startsWith('#EXTM3U') || !text.endsWith('\n')) return undefined;
  let targetDuration = 0;
  let mediaSequence = 0;
  let ended = false;
  let pending: number | undefined;
  const segments: HlsSegment[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('#EXT-X-TARGETDURATION:')) targetDuration = Number(line.slice(22));
    else if (line.startsWith('#EXT-X-MEDIA-SEQUENCE:')) mediaSequence = Number(line.slice(22));
    else if (line.startsWith('#EXTINF:')) pending = Number.parseFloat(line.slice(8));
    else if (line === '#EXT-X-ENDLIST') ended = true;
    else if (!line.startsWith('#')) {
      if (pending === undefined || !Number.isFinite(pending) || !SEGMENT_NAME.test(line)) return undefined;
      segments.push({ uri: line, duration: pending, sequence: mediaSequence + segments.length });
      pending = undefined;
    }
  }
  if (pending !== undefined || !(targetDuration > 0) || !Number.isInteger(mediaSequence)) return undefined;
  return { targetDuration, mediaSequence, segments, ended };
}

/**
 * A segment of a stream as viewers get it: its media sequence number over the whole stream (continued across a
 * publisher's reconnects), and whether it starts a part that follows a reconnect (its timestamps start afresh).
 */
export interface StreamSegment extends HlsSegment {
  discontinuity: boolean;
  /**
   * When the packager saw ffmpeg list it (ms since the epoch): the wall clock of the segment's end, give or take the
   * packager's 100 ms reads. The live playlist dates the segment by it; a segment from the journal (a window rebuilt
   * after a reconnect) has none.
   */
  listedAt?: number;
}

/** Segments a live playlist lists, as ffmpeg's own window (repositories/ffmpeg.ts). */
export const LIVE_WINDOW = 6;

/**
 * The segments the viewers' live playlist lists, and what a player needs to follow it across updates: the number of
 * discontinuities that slid out of the window before it (EXT-X-DISCONTINUITY-SEQUENCE) and the target duration.
 */
export interface LiveWindow {
  segments: StreamSegment[];
  discontinuitySequence: number;
  targetDuration: number;
}

export const EMPTY_WINDOW: LiveWindow = { segments: [], discontinuitySequence: 0, targetDuration: 1 };

/**
 * The window once `added` (the next segments, in order) are in it: the oldest slide out, each discontinuity leaving
 * counts in the discontinuity sequence (RFC 8216, 6.2.2), and the target duration only grows, as a playlist's must
 * not change (a part after a reconnect may be packaged with longer segments).
 */
export function slideWindow(window: LiveWindow, added: StreamSegment[], size = LIVE_WINDOW): LiveWindow {
  const all = [...window.segments, ...added];
  const left = all.slice(0, Math.max(0, all.length - size));
  return {
    segments: all.slice(left.length),
    discontinuitySequence: window.discontinuitySequence + left.filter((s) => s.discontinuity).length,
    targetDuration: Math.max(window.targetDuration, targetDurationOf(added)),
  };
}

/** The viewers' live playlist of the window: no end marker, the replay replaces it when the stream ends. */
export function livePlaylist(window: LiveWindow): string {
  const first = window.segments[0]?.sequence ?? 0;
  const discontinuities = window.discontinuitySequence ? `#EXT-X-DISCONTINUITY-SEQUENCE:${window.discontinuitySequence}\n` : '';
  return header(window.targetDuration, first) + discontinuities + '#EXT-X-INDEPENDENT-SEGMENTS\n' + entries(window.segments);
}

/**
 * The whole recording as a finished (VOD) playlist: every segment from the first, a discontinuity before each part a
 * reconnecting publisher added, and the end marker.
 */
export function replayPlaylist(segments: (Pick<HlsSegment, 'uri' | 'duration'> & { discontinuity?: boolean })[]): string {
  return header(targetDurationOf(segments), 0) + '#EXT-X-PLAYLIST-TYPE:VOD\n#EXT-X-INDEPENDENT-SEGMENTS\n' + entries(segments) + '#EXT-X-ENDLIST\n';
}

/** The least target duration for the segments: each one's length, rounded to the nearest second, fits (RFC 8216, 4.3.3.1). */
function targetDurationOf(segments: Pick<HlsSegment, 'duration'>[]): number {
  return Math.max(1, ...segments.map((s) => Math.round(s.duration)));
}

function header(targetDuration: number, mediaSequence: number): string {
  return `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:${targetDuration}\n#EXT-X-MEDIA-SEQUENCE:${mediaSequence}\n`;
}

/** Each segment as its lines of a playlist, dated (EXT-X-PROGRAM-DATE-TIME: when it began) when its listing time is known. */
function entries(segments: (Pick<StreamSegment, 'uri' | 'duration' | 'listedAt'> & { discontinuity?: boolean })[]): string {
  return segments
    .map((s) => {
      const dated = s.listedAt === undefined ? '' : `#EXT-X-PROGRAM-DATE-TIME:${new Date(s.listedAt - Math.round(s.duration * 1000)).toISOString()}\n`;
      return `${s.discontinuity ? '#EXT-X-DISCONTINUITY\n' : ''}${dated}#EXTINF:${s.duration.toFixed(6)},\n${s.uri}\n`;
    })
    .join('');
}

/**
 * How far behind the newest media a viewer starting the live stream over HLS is placed: the player's own target
 * (hls.js `liveSyncDuration`, apps/web/src/features/live/hls-config.ts) counted from the wall clock instead of from the
 * playlist it loaded.
 */
export const LIVE_START_BEHIND_SECONDS = 1.5;

/**
 * The live playlist as a viewer `now` gets it: with EXT-X-START placing a player that starts on it
 * `behind` seconds behind the newest media on the wall clock. A player counts from the end of the newest segment the
 * playlist lists, which was 0 to 1 s old already when the playlist was read (the phase of its reloads against the
 * packager's segments, the same for the whole session): without it, a viewer's latency moved by that much from one
 * session to the next. Left as it is when the newest segment is undated, or older than `behind` (the packager is late:
 * the player's own placement is the safer one).
 */
export function withLiveStart(text: string, now: number, behind = LIVE_START_BEHIND_SECONDS): string {
  // The playlist's last lines: a dated segment (a finished playlist ends with its end marker instead).
  const dated = /#EXT-X-PROGRAM-DATE-TIME:(\S+)\n#EXTINF:([\d.]+),\n[^#\n]+\n$/.exec(text);
  if (!dated) return text;
  const age = Math.max(0, (now - (Date.parse(dated[1]) + Number(dated[2]) * 1000)) / 1000);
  if (!(age < behind)) return text;
  return text.replace('#EXT-X-INDEPENDENT-SEGMENTS\n', `#EXT-X-INDEPENDENT-SEGMENTS\n#EXT-X-START:TIME-OFFSET=-${(behind - age).toFixed(3)}\n`);
}

/** The playlist with `access` added to each segment URL: an Ultra-only stream's segments are asked with it (live-access.service.ts). */
export function withAccess(text: string, access: string): string {
  return text.replace(/^(?!#)(\S+)$/gm, (uri) => `${uri}${uri.includes('?') ? '&' : '?'}access=${encodeURIComponent(access)}`);
}
