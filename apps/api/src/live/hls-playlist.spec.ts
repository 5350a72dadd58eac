import { parseLivePlaylist, replayPlaylist, withAccess } from './hls-playlist';

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

describe('withAccess', () => {
  it('adds the access to each segment URL and to nothing else', () => {
    const text = withAccess(live, 'eyJr.abc_-');
    expect(text.split('\n').filter((line) => line && !line.startsWith('#'))).toEqual(['seg-4.ts?access=eyJr.abc_-', 'seg-5.ts?access=eyJr.abc_-']);
    expect(text.split('\n').filter((line) => line.startsWith('#'))).toEqual(live.split('\n').filter((line) => line.startsWith('#')));
  });
});
