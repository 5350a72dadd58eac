import { EMPTY_WINDOW, livePlaylist, parseLivePlaylist, replayPlaylist, type StreamSegment, slideWindow, withAccess, withLiveStart } from './hls-playlist';

const live = `#EXTM3U
#EXT-X-VERSION:3
#EXT-X-TARGETDURATION:1
#EXT-X-MEDIA-SEQUENCE:4
#EXT-X-INDEPENDENT-SEGMENTS
#EXTINF:1.000000,
seg-4.ts
#EXTINF:1.033000,
seg-5.ts
`;

describe('parseLivePlaylist', () => {
  it('reads the window of segments with their sequence numbers', () => {
    expect(parseLivePlaylist(live)).toEqual({
      targetDuration: 1,
      mediaSequence: 4,
      ended: false,
      segments: [
        { uri: 'seg-4.ts', duration: 1, sequence: 4 },
        { uri: 'seg-5.ts', duration: 1.033, sequence: 5 },
      ],
    });
  });

  it('sees the end marker', () => {
    expect(parseLivePlaylist(`${live}#EXT-X-ENDLIST\n`)?.ended).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['cut inside a line', live.slice(0, -4)],
    ['cut after a duration', live.slice(0, live.lastIndexOf('seg-5.ts'))],
    ['without a header', live.replace('#EXTM3U\n', '')],
    ['without a target duration', live.replace('#EXT-X-TARGETDURATION:1\n', '')],
    ['naming a file that is not a segment', live.replace('seg-5.ts', '../secret.ts')],
  ])('refuses a playlist %s', (_case, text) => {
    expect(parseLivePlaylist(text)).toBeUndefined();
  });
});

describe('the replay', () => {
  const segments = [
    { uri: 'seg-0.ts', duration: 1 },
    { uri: 'seg-1.ts', duration: 1.6 },
  ];

  it('is a finished playlist from the first segment, its target duration the longest segment rounded up', () => {
    const text = replayPlaylist(segments);
    expect(text).toContain('#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD');
    expect(text.endsWith('#EXTINF:1.600000,\nseg-1.ts\n#EXT-X-ENDLIST\n')).toBe(true);
    expect(parseLivePlaylist(text)).toMatchObject({ ended: true, mediaSequence: 0, segments: [{ sequence: 0 }, { sequence: 1 }] });
  });
});

describe('the live window across a reconnect', () => {
  const segment = (sequence: number, discontinuity = false, duration = 1): StreamSegment => ({ sequence, uri: `seg-${sequence}.ts`, duration, discontinuity });
  const uris = (text: string) => text.split('\n').filter((line) => line && !line.startsWith('#'));

  it('keeps the last six segments, from the first one on', () => {
    const window = slideWindow(EMPTY_WINDOW, [0, 1, 2, 3, 4, 5, 6, 7].map((n) => segment(n)));
    const text = livePlaylist(window);
    expect(uris(text)).toEqual(['seg-2.ts', 'seg-3.ts', 'seg-4.ts', 'seg-5.ts', 'seg-6.ts', 'seg-7.ts']);
    expect(text.startsWith('#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n#EXT-X-MEDIA-SEQUENCE:2\n#EXT-X-INDEPENDENT-SEGMENTS\n')).toBe(true);
    expect(text).not.toContain('DISCONTINUITY');
    expect(text).not.toContain('#EXT-X-ENDLIST');
  });

  it('marks the first segment after a reconnect, and counts the mark in the discontinuity sequence once it slid out', () => {
    let window = slideWindow(EMPTY_WINDOW, [0, 1, 2, 3].map((n) => segment(n)));
    window = slideWindow(window, [segment(4, true), segment(5)]);
    expect(livePlaylist(window)).toContain('seg-3.ts\n#EXT-X-DISCONTINUITY\n#EXTINF:1.000000,\nseg-4.ts\n#EXTINF:1.000000,\nseg-5.ts\n');
    window = slideWindow(window, [6, 7, 8, 9].map((n) => segment(n)));
    // seg-4 opens the window: its mark stays, nothing counted yet.
    expect(window.discontinuitySequence).toBe(0);
    expect(livePlaylist(window)).toContain('#EXT-X-MEDIA-SEQUENCE:4\n#EXT-X-INDEPENDENT-SEGMENTS\n#EXT-X-DISCONTINUITY\n#EXTINF:1.000000,\nseg-4.ts\n');
    window = slideWindow(window, [segment(10)]);
    const text = livePlaylist(window);
    expect(text).toContain('#EXT-X-MEDIA-SEQUENCE:5\n#EXT-X-DISCONTINUITY-SEQUENCE:1\n');
    expect(text).not.toContain('#EXT-X-DISCONTINUITY\n');
  });

  it('never lowers the target duration, as a playlist must keep it', () => {
    let window = slideWindow(EMPTY_WINDOW, [segment(0, false, 2.4)]);
    window = slideWindow(window, [1, 2, 3, 4, 5, 6].map((n) => segment(n)));
    expect(livePlaylist(window)).toContain('#EXT-X-TARGETDURATION:2\n');
  });

  it('puts a discontinuity before each part of the replay after the first', () => {
    const text = replayPlaylist([segment(0), segment(1), segment(2, true), segment(3)]);
    expect(uris(text)).toEqual(['seg-0.ts', 'seg-1.ts', 'seg-2.ts', 'seg-3.ts']);
    expect(text).toContain('seg-1.ts\n#EXT-X-DISCONTINUITY\n#EXTINF:1.000000,\nseg-2.ts\n');
    expect(text.match(/#EXT-X-DISCONTINUITY\n/g)).toHaveLength(1);
    expect(text.endsWith('#EXT-X-ENDLIST\n')).toBe(true);
  });
});

describe('withAccess', () => {
  it('adds the access to each segment URL and to nothing else', () => {
    const text = withAccess(live, 'eyJr.abc_-');
    expect(text.split('\n').filter((line) => line && !line.startsWith('#'))).toEqual(['seg-4.ts?access=eyJr.abc_-', 'seg-5.ts?access=eyJr.abc_-']);
    expect(text.split('\n').filter((line) => line.startsWith('#'))).toEqual(live.split('\n').filter((line) => line.startsWith('#')));
  });
});

describe('where a player starting the live stream begins', () => {
  // Segments of 1 s listed each second, the newest at 12:00:10.000 (so it began at 12:00:09.000).
  const newestListedAt = Date.parse('2026-12-03T12:00:10.000Z');
  const dated = (sequence: number): StreamSegment => ({ sequence, uri: `seg-${sequence}.ts`, duration: 1, discontinuity: false, listedAt: newestListedAt - (9 - sequence) * 1000 });
  const text = livePlaylist(slideWindow(EMPTY_WINDOW, [4, 5, 6, 7, 8, 9].map(dated)));

  it('dates each segment the packager listed by when it began (its listing time less its length)', () => {
    expect(text).toContain('#EXT-X-PROGRAM-DATE-TIME:2026-12-03T12:00:08.000Z\n#EXTINF:1.000000,\nseg-8.ts\n#EXT-X-PROGRAM-DATE-TIME:2026-12-03T12:00:09.000Z\n#EXTINF:1.000000,\nseg-9.ts\n');
    expect(text.match(/#EXT-X-PROGRAM-DATE-TIME/g)).toHaveLength(6);
    expect(parseLivePlaylist(text)?.segments.map((s) => s.uri)).toEqual(['seg-4.ts', 'seg-5.ts', 'seg-6.ts', 'seg-7.ts', 'seg-8.ts', 'seg-9.ts']);
  });

  it('places it 1.5 s behind the newest media by the wall clock, however old the newest segment already is', () => {
    // Read as it was listed: the player's own 1.5 s from the playlist's end is right.
    expect(withLiveStart(text, newestListedAt)).toContain('#EXT-X-INDEPENDENT-SEGMENTS\n#EXT-X-START:TIME-OFFSET=-1.500\n#EXT-X-PROGRAM-DATE-TIME');
    // Read 0.8 s later: the newest media is 0.8 s past the playlist's end, so 0.7 s from its end is 1.5 s behind.
    expect(withLiveStart(text, newestListedAt + 800)).toContain('#EXT-X-START:TIME-OFFSET=-0.700\n');
    // Another replica's clock a little behind the packager's: never placed closer than the player's own 1.5 s.
    expect(withLiveStart(text, newestListedAt - 300)).toContain('#EXT-X-START:TIME-OFFSET=-1.500\n');
    expect(withLiveStart(text, newestListedAt + 800).match(/#EXT-X-START/g)).toHaveLength(1);
  });

  it("leaves the player's own placement when the packager is late, the newest segment is undated, or the stream ended", () => {
    expect(withLiveStart(text, newestListedAt + 1500)).toBe(text);
    expect(withLiveStart(text, newestListedAt + 60_000)).toBe(text);
    expect(withLiveStart(live, Date.now())).toBe(live);
    const afterReconnect = livePlaylist(slideWindow(EMPTY_WINDOW, [...[4, 5, 6, 7, 8].map(dated), { sequence: 9, uri: 'seg-9.ts', duration: 1, discontinuity: true }]));
    expect(withLiveStart(afterReconnect, newestListedAt)).toBe(afterReconnect);
    const replay = replayPlaylist([4, 5, 6].map(dated));
    expect(withLiveStart(replay, newestListedAt)).toBe(replay);
  });

  it('keeps the start when the access is added to the segment URLs of an Ultra-only stream', () => {
    const started = withAccess(withLiveStart(text, newestListedAt + 800), 'eyJr.abc_-');
    expect(started).toContain('#EXT-X-START:TIME-OFFSET=-0.700\n');
    expect(started).toContain('seg-9.ts?access=eyJr.abc_-\n');
  });
});
