/** Colours of the covers: the product's dark background with its rock palette. */
const PALETTE = ['#e11d48', '#f97316', '#facc15', '#a855f7', '#22d3ee', '#84cc16', '#f43f5e', '#fb923c'];

/** A small seeded generator (mulberry32): the same seed draws the same cover. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** The title in at most two lines of about 18 characters, the second ending in "…" when it is longer. */
function titleLines(title: string): string[] {
  const words = title.trim().split(/\s+/);
  const lines: string[] = [''];
  for (const word of words) {
    const line = lines[lines.length - 1];
    if (!line) lines[lines.length - 1] = word;
    else if (line.length + 1 + word.length <= 18) lines[lines.length - 1] = `${line} ${word}`;
    else lines.push(word);
  }
  if (lines.length <= 2) return lines.map((l) => (l.length > 20 ? `${l.slice(0, 19)}…` : l));
  const second = lines.slice(1).join(' ');
  return [lines[0].slice(0, 20), `${second.slice(0, 17)}…`];
}

/**
 * A track's cover (512×512 SVG): a gradient, rings and bars drawn from the seed, with the title and the genre. The same
 * seed and texts give the same image.
 */
export function coverSvg(input: { title: string; subtitle: string; seed: number }): string {
  const next = random(input.seed);
  const pick = () => PALETTE[Math.floor(next() * PALETTE.length)];
  const [from, to, accent] = [pick(), pick(), pick()];
  const angle = Math.floor(next() * 360);
  const rings = Array.from({ length: 4 }, (_, i) => {
    const r = 60 + i * 45 + Math.floor(next() * 20);
    return `<circle cx="256" cy="230" r="${r}" fill="none" stroke="${accent}" stroke-opacity="${(0.5 - i * 0.1).toFixed(2)}" stroke-width="${2 + Math.floor(next() * 6)}"/>`;
  }).join('');
  const bars = Array.from({ length: 24 }, (_, i) => {
    const h = 10 + Math.floor(next() * 70);
    return `<rect x="${16 + i * 20}" y="${420 - h}" width="12" height="${h}" rx="3" fill="#ffffff" fill-opacity="0.35"/>`;
  }).join('');
  const lines = titleLines(input.title).map(
    (line, i) => `<text x="256" y="${446 + i * 30}" font-family="Impact, 'Bebas Neue', sans-serif" font-size="28" fill="#ffffff" text-anchor="middle">${escapeXml(line)}</text>`,
  );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512" role="img" aria-label="${escapeXml(input.title)}">`,
    `<defs><linearGradient id="g" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    `<rect width="512" height="512" fill="#111114"/><rect width="512" height="512" fill="url(#g)" fill-opacity="0.55"/>`,
    rings,
    bars,
    `<rect y="424" width="512" height="88" fill="#000000" fill-opacity="0.55"/>`,
    ...lines,
    `<text x="256" y="36" font-family="sans-serif" font-size="16" fill="#ffffff" fill-opacity="0.8" text-anchor="middle">${escapeXml(input.subtitle)}</text>`,
    '</svg>',
  ].join('');
}
