import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { playSpot } from './spot-player';

/** Every source file of features/ads (tests aside). */
function sources(dir: string = __dirname): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) && !/\.spec\.tsx?$/.test(name) ? [file] : [];
  });
}

describe('the ad spot’s audio routing', () => {
  it('plays the spot on an element of its own, not on the station’s', async () => {
    const element = document.createElement('audio');
    const play = jest.spyOn(element, 'play').mockResolvedValue(undefined);
    const playback = playSpot('/api/v1/ads/spots/grouarock-premium.mp3', () => element);
    expect(play).toHaveBeenCalled();
    expect(element.getAttribute('src')).toBe('/api/v1/ads/spots/grouarock-premium.mp3');
    // Not in the page (the station's element is not either): nothing else can reach it.
    expect(element.isConnected).toBe(false);
    element.dispatchEvent(new Event('ended'));
    await expect(playback.done).resolves.toBe(true);
  });

  it('reports a spot that cannot play', async () => {
    const element = document.createElement('audio');
    jest.spyOn(element, 'play').mockRejectedValue(new DOMException('blocked', 'NotAllowedError'));
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(playSpot('/x.mp3', () => element).done).resolves.toBe(false);
  });

  it('never touches Web Audio, the station deck, the recorder or the DJ mixer, so none of them can carry a spot', () => {
    const files = sources();
    expect(files.map((f) => path.basename(f))).toEqual(expect.arrayContaining(['spot-player.ts', 'ad-break-controller.ts']));
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const imports = [...text.matchAll(/\bfrom '([^']+)'|import\('([^']+)'\)/g)].map((m) => m[1] ?? m[2]);
      expect({ file, imports: imports.filter((i) => /audio-engine|audio-context|radio|mixer|recorder|live/.test(i)) }).toEqual({ file, imports: [] });
      expect({ file, webAudio: /createMediaElementSource|new (webkit)?AudioContext|\.connect\(/.test(text) }).toEqual({ file, webAudio: false });
    }
  });
});
