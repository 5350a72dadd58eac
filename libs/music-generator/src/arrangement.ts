export type SectionName = 'intro' | 'verse' | 'chorus' | 'solo' | 'bridge' | 'outro';

export interface Section {
  name: SectionName;
  bars: number;
}

/** A preview (up to 40 s) is the intro and the chorus: the hook is what a listener should hear first. */
const PREVIEW_SECONDS = 40;

/**
 * The song's sections for `seconds` at `bpm` in 4/4: intro 4, verse 8, chorus 8, verse, chorus, a solo or bridge
 * 8, chorus, outro 4 bars, with verse-chorus pairs added or dropped to reach the length. The last section runs
 * past the end so the track never stops short (it fades out).
 */
export function arrange(seconds: number, bpm: number, solo: boolean): Section[] {
  const barSeconds = (4 * 60) / bpm;
  const bars = Math.ceil(seconds / barSeconds);
  if (seconds <= PREVIEW_SECONDS) return [{ name: 'intro', bars: 2 }, { name: 'chorus', bars: Math.max(2, bars - 2 + 1) }];
  const middle: Section = { name: solo ? 'solo' : 'bridge', bars: 8 };
  const sections: Section[] = [{ name: 'intro', bars: 4 }];
  let used = 4 + 4;
  const body: Section[] = [];
  let pairs = 0;
  while (used + 16 <= bars || pairs === 0) {
    body.push({ name: 'verse', bars: 8 }, { name: 'chorus', bars: 8 });
    used += 16;
    pairs += 1;
    if (pairs === 2 && used + 16 <= bars) {
      body.push(middle, { name: 'chorus', bars: 8 });
      used += 16;
    }
  }
  sections.push(...body, { name: 'outro', bars: Math.max(4, bars - used + 4 + 1) });
  return sections;
}
