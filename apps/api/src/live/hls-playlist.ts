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

/** A segment as a line pair of a playlist. */
function segmentEntry(segment: Pick<HlsSegment, 'uri' | 'duration'>): string {
  return `#EXTINF:${segment.duration.toFixed(6)},\n${segment.uri}\n`;
}

/** The whole recording as a finished (VOD) playlist: every segment from the first, and the end marker. */
export function replayPlaylist(segments: Pick<HlsSegment, 'uri' | 'duration'>[]): string {
  const target = Math.max(1, ...segments.map((s) => Math.ceil(s.duration)));
  return (
    `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:${target}\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXT-X-INDEPENDENT-SEGMENTS\n` +
    segments.map(segmentEntry).join('') +
    '#EXT-X-ENDLIST\n'
  );
}

/** The playlist with `access` added to each segment URL: an Ultra-only stream's segments are asked with it (live-access.service.ts). */
export function withAccess(text: string, access: string): string {
  return text.replace(/^(?!#)(\S+)$/gm, (uri) => `${uri}${uri.includes('?') ? '&' : '?'}access=${encodeURIComponent(access)}`);
}
