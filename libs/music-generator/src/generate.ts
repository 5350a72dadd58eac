import { arrange, type Section } from './arrangement';
import { GENRE_PRESETS, type StudioGenre } from './genres';
import { promptTraits } from './prompt';
import { Random } from './random';
import { bassNote, drumKit, leadNote, mixIn, powerChord, softClip } from './synth';

/** Bumped whenever the same inputs would sound different: stored with each track, so a seed means one sound. */
export const GENERATOR_VERSION = 1;

export interface TrackOptions {
  genre: StudioGenre;
  prompt: string;
  /** Length in seconds (a 30 s preview, or 90, 210, 330 for the longer lengths). */
  seconds: number;
  seed: number;
  sampleRate?: number;
}

export interface Track {
  sampleRate: number;
  left: Float32Array;
  right: Float32Array;
  bpm: number;
  /** e.g. "E minor". */
  key: string;
  sections: Section[];
  /** Genre, tempo and key, as a provider's tags would be. */
  tags: string[];
}

const NOTE_NAMES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'];
const SCALES = { minor: [0, 2, 3, 5, 7, 8, 10], major: [0, 2, 4, 5, 7, 9, 11] } as const;
const PENTATONIC = { minor: [0, 3, 5, 7, 10], major: [0, 2, 4, 7, 9] } as const;
/** Guitar keys that sit well on the low strings: E, F#, G, A, B (MIDI E2 = 40). */
const KEY_ROOTS = [40, 42, 43, 45, 47];
/** The master's loudness (RMS) and ceiling, in dBFS. */
const TARGET_RMS_DB = -14;
const CEILING = 10 ** (-1.05 / 20);

/**
 * A track from a seed: drums, bass, two rhythm guitars and a lead in a song structure, shaped by the genre's preset
 * and the prompt's words. An algorithmic generator, not a neural model: the same options always give the same
 * samples.
 */
export function generateTrack(options: TrackOptions): Track {
  const sampleRate = options.sampleRate ?? 44_100;
  const preset = GENRE_PRESETS[options.genre];
  const traits = promptTraits(options.prompt);
  const random = new Random(options.seed);
  const bpm = Math.round(Math.min(230, Math.max(60, random.between(preset.bpm[0], preset.bpm[1] + 1) * traits.tempo)));
  const mode = traits.mode ?? preset.mode;
  const root = random.pick(KEY_ROOTS) - preset.tuningDown - traits.tuningDown;
  const sections = arrange(options.seconds, bpm, traits.solo || random.chance(0.5));
  const total = Math.round(options.seconds * sampleRate);
  const beat = (60 / bpm) * sampleRate;
  const scale = SCALES[mode];
  const pentatonic = PENTATONIC[mode];
  const noteOf = (degree: number) => root + scale[degree % 7] + 12 * Math.floor(degree / 7);

  const drums = new Float32Array(total);
  const bass = new Float32Array(total);
  const guitarL = new Float32Array(total);
  const guitarR = new Float32Array(total);
  const lead = new Float32Array(total);
  const kit = drumKit(sampleRate, random);
  const at = (beats: number) => Math.round(beats * beat);
  const drive = preset.drive;
  const cab = 3500 + random.between(0, 1500);

  let bar = 0;
  for (const section of sections) {
    const progression = random.pick(section.name === 'chorus' || section.name === 'solo' ? preset.chorus : preset.verse);
    const withLead = section.name === 'solo' || (section.name === 'chorus' && random.chance(preset.leadOverChorus));
    for (let b = 0; b < section.bars; b++, bar++) {
      const start = at(bar * 4);
      if (start >= total) break;
      const chordRoot = noteOf(progression[b % progression.length]);
      const last = b === section.bars - 1;
      playDrums(drums, kit, preset.feel, section.name, b, last, bar * 4, at, random);
      // Bass: eighths on the root (quarters in half time), an octave below the guitars.
      const step = preset.feel === 'halftime' ? 1 : 0.5;
      for (let t = 0; t < 4; t += step) {
        bassNote(bass, sampleRate, { midi: chordRoot - 12, start: at(bar * 4 + t), length: at(step * 0.95), gain: 0.9, decay: 0.35 });
      }
      // Guitars: palm-muted eighths in a metal verse, held chords elsewhere, one ringing chord per bar in the intro and outro.
      const held = section.name === 'intro' || section.name === 'outro';
      if (section.name === 'verse' && preset.palmMuted) {
        for (let t = 0; t < 4; t += 0.5) {
          const note = { midi: chordRoot, start: at(bar * 4 + t), length: at(0.45), gain: 0.8, decay: 0.09 };
          powerChord(guitarL, sampleRate, note, drive, 0.004, cab);
          powerChord(guitarR, sampleRate, { ...note, start: note.start + Math.round(0.012 * sampleRate) }, drive, 0.006, cab * 0.9);
        }
      } else {
        const hits = held ? [0] : preset.feel === 'punk' ? [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5] : [0, 2];
        const length = held ? 4 : preset.feel === 'punk' ? 0.48 : 1.95;
        for (const t of hits) {
          const note = { midi: chordRoot, start: at(bar * 4 + t), length: at(length), gain: 0.75, decay: held ? 2.5 : 1.2 };
          powerChord(guitarL, sampleRate, note, drive, 0.004, cab);
          powerChord(guitarR, sampleRate, { ...note, start: note.start + Math.round(0.012 * sampleRate) }, drive, 0.006, cab * 0.9);
        }
      }
      if (withLead) playLead(lead, sampleRate, root + 24, pentatonic, bar * 4, section.name === 'solo' ? 0.5 : 1, at, random);
    }
  }

  const left = new Float32Array(total);
  const right = new Float32Array(total);
  for (let i = 0; i < total; i++) {
    const centre = drums[i] * 0.8 + bass[i] * 0.6;
    left[i] = centre + guitarL[i] * 0.5 + guitarR[i] * 0.15 + lead[i] * 0.3;
    right[i] = centre + guitarR[i] * 0.5 + guitarL[i] * 0.15 + lead[i] * 0.4;
  }
  master(left, right, sampleRate);
  return {
    sampleRate,
    left,
    right,
    bpm,
    key: `${NOTE_NAMES[root % 12]} ${mode}`,
    sections,
    tags: [preset.name, `${bpm} bpm`, `${NOTE_NAMES[root % 12]} ${mode}`],
  };
}

function playDrums(
  into: Float32Array,
  kit: ReturnType<typeof drumKit>,
  feel: (typeof GENRE_PRESETS)[StudioGenre]['feel'],
  section: Section['name'],
  barInSection: number,
  lastBar: boolean,
  firstBeat: number,
  at: (beats: number) => number,
  random: Random,
): void {
  const hit = (sample: Float32Array, beat: number, gain: number) => mixIn(into, sample, at(firstBeat + beat), gain);
  if (barInSection === 0 && section !== 'verse') hit(kit.crash, 0, 1);
  if (section === 'intro' && barInSection < 2) {
    for (let t = 0; t < 4; t += 1) hit(kit.hat, t, 0.8);
    return;
  }
  const hatStep = feel === 'metal' && section === 'chorus' ? 0.25 : 0.5;
  for (let t = 0; t < 4; t += hatStep) hit(kit.hat, t, t % 1 === 0 ? 1 : 0.6);
  if (feel === 'halftime') {
    hit(kit.kick, 0, 1);
    if (random.chance(0.5)) hit(kit.kick, 1.5, 0.8);
    hit(kit.snare, 2, 1);
  } else if (feel === 'metal') {
    const step = section === 'chorus' || section === 'solo' ? 0.25 : 0.5;
    for (let t = 0; t < 4; t += step) hit(kit.kick, t, 0.75);
    hit(kit.snare, 1, 1);
    hit(kit.snare, 3, 1);
  } else if (feel === 'punk') {
    for (let t = 0; t < 4; t += 1) hit(kit.kick, t, 0.9);
    for (let t = 0.5; t < 4; t += 1) hit(kit.snare, t, 0.85);
  } else {
    hit(kit.kick, 0, 1);
    hit(kit.kick, 2, 1);
    if (random.chance(0.5)) hit(kit.kick, 2.5, 0.7);
    hit(kit.snare, 1, 1);
    hit(kit.snare, 3, 1);
  }
  // A fill into the next section: sixteenths on the snare over the last beat.
  if (lastBar && section !== 'outro') for (let t = 3; t < 4; t += 0.25) hit(kit.snare, t, 0.5 + (t - 3) * 0.5);
}

function playLead(
  into: Float32Array,
  sampleRate: number,
  base: number,
  pentatonic: readonly number[],
  firstBeat: number,
  step: number,
  at: (beats: number) => number,
  random: Random,
): void {
  let index = random.int(0, pentatonic.length - 1);
  for (let t = 0; t < 4; t += step) {
    if (random.chance(0.2)) continue;
    index = Math.max(0, Math.min(pentatonic.length * 2 - 1, index + random.int(-2, 2)));
    const midi = base + pentatonic[index % pentatonic.length] + 12 * Math.floor(index / pentatonic.length);
    leadNote(into, sampleRate, { midi, start: at(firstBeat + t), length: at(step * 0.9), gain: 0.6, decay: 0.8 });
  }
}

/**
 * Mastering: a 10 ms fade-in and a 2 s fade-out, the level brought to -14 dBFS RMS, a soft limiter over -6 dBFS and
 * a ceiling just under -1 dBFS.
 */
function master(left: Float32Array, right: Float32Array, sampleRate: number): void {
  const n = left.length;
  const fadeIn = Math.floor(0.01 * sampleRate);
  const fadeOut = Math.min(n, Math.floor(2 * sampleRate));
  let sum = 0;
  for (let i = 0; i < n; i++) sum += left[i] * left[i] + right[i] * right[i];
  const rms = Math.sqrt(sum / (2 * n)) || 1;
  const gain = 10 ** (TARGET_RMS_DB / 20) / rms;
  const knee = 0.5;
  for (const channel of [left, right]) {
    for (let i = 0; i < n; i++) {
      const fade = i < fadeIn ? i / fadeIn : i >= n - fadeOut ? (n - i) / fadeOut : 1;
      let x = channel[i] * gain;
      // Above the knee the excess is squeezed: slope 1 at the knee, flat at the ceiling.
      if (x > knee) x = knee + (CEILING - knee) * softClip((x - knee) / (CEILING - knee));
      else if (x < -knee) x = -knee - (CEILING - knee) * softClip((-x - knee) / (CEILING - knee));
      channel[i] = (x > CEILING ? CEILING : x < -CEILING ? -CEILING : x) * fade;
    }
  }
}
