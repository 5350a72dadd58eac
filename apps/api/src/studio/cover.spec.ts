import { coverSvg } from './cover';

describe('coverSvg', () => {
  it('draws the same cover for the same seed and texts, and another for another seed', () => {
    const a = coverSvg({ title: 'Nocna jazda', subtitle: 'punk rock', seed: 42 });
    expect(coverSvg({ title: 'Nocna jazda', subtitle: 'punk rock', seed: 42 })).toBe(a);
    expect(coverSvg({ title: 'Nocna jazda', subtitle: 'punk rock', seed: 43 })).not.toBe(a);
    expect(a).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>.*<\/svg>$/s);
    expect(a).toContain('>Nocna jazda</text>');
  });

  it('escapes what the user wrote, so a title cannot add markup', () => {
    const svg = coverSvg({ title: '<script>alert(1)</script> & "x"', subtitle: 'grunge', seed: 1 });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;');
    expect(svg).toContain('&amp;');
  });

  it('fits a long title into two lines ending in an ellipsis', () => {
    const svg = coverSvg({ title: 'Bardzo długi tytuł utworu który się nie mieści na okładce', subtitle: 'heavy metal', seed: 7 });
    const lines = [...svg.matchAll(/font-size="28"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/…$/);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(20);
  });
});
