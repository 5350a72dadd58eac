import { arrange } from './arrangement';

const seconds = (sections: { bars: number }[], bpm: number) => (sections.reduce((n, s) => n + s.bars, 0) * 4 * 60) / bpm;

describe('arrange', () => {
  it('makes a preview of the intro and the chorus, long enough', () => {
    const sections = arrange(30, 120, false);
    expect(sections.map((s) => s.name)).toEqual(['intro', 'chorus']);
    expect(seconds(sections, 120)).toBeGreaterThanOrEqual(30);
  });

  it('builds a song: intro, verses and choruses, a solo or bridge, an outro, covering the length', () => {
    for (const [length, bpm] of [[90, 120], [210, 176], [330, 100]] as const) {
      const names = arrange(length, bpm, true).map((s) => s.name);
      expect(names[0]).toBe('intro');
      expect(names.at(-1)).toBe('outro');
      expect(names).toContain('verse');
      expect(names).toContain('chorus');
      expect(seconds(arrange(length, bpm, true), bpm)).toBeGreaterThanOrEqual(length);
    }
    expect(arrange(210, 120, true).map((s) => s.name)).toContain('solo');
    expect(arrange(210, 120, false).map((s) => s.name)).toContain('bridge');
  });
});
