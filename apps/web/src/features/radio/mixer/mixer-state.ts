import {
  DEFAULT_MIXER_SETTINGS,
  KNOBS,
  clampKnob,
  type CueSource,
  type DeckId,
  type EqBand,
  type MixerChanges,
  type MixerSettings,
} from '@grouarock/audio-engine';

/** Every knob of the mixer as the overlay shows it (the engine's settings shape). */
export type MixerKnobs = MixerSettings;

export type EqBandName = EqBand;

export const EQ_BANDS: readonly EqBandName[] = ['low', 'mid', 'high'];

/** The engine's defaults: the product's, EQ flat. */
export const initialKnobs: MixerKnobs = DEFAULT_MIXER_SETTINGS;

/** What the EQ band returns to when its kill is released: the position it had before the kill. */
export type KillMemory = Record<DeckId, Partial<Record<EqBandName, number>>>;

export interface MixerState {
  readonly knobs: MixerKnobs;
  readonly killed: KillMemory;
}

export const initialMixerState: MixerState = { knobs: initialKnobs, killed: { a: {}, b: {} } };

export type MixerAction =
  | { readonly type: 'set'; readonly changes: MixerChanges }
  | { readonly type: 'toggleKill'; readonly deck: DeckId; readonly band: EqBandName };

const eqKey = (deck: DeckId) => (deck === 'a' ? 'eqA' : 'eqB');

/** The engine's kill position: the bottom of the EQ knob. */
export const KILL = KNOBS.eq.min;

function clampChanges(changes: MixerChanges): MixerChanges {
  const knob = (value: number | undefined, range: (typeof KNOBS)[keyof typeof KNOBS]) =>
    value === undefined ? undefined : clampKnob(value, range);
  const eq = (bands: MixerChanges['eqA']) =>
    bands === undefined
      ? undefined
      : Object.fromEntries(Object.entries(bands).map(([band, value]) => [band, clampKnob(value, KNOBS.eq)]));
  const clamped: Record<string, unknown> = {
    ...changes,
    volumeA: knob(changes.volumeA, KNOBS.deckVolume),
    volumeB: knob(changes.volumeB, KNOBS.deckVolume),
    gainA: knob(changes.gainA, KNOBS.gain),
    gainB: knob(changes.gainB, KNOBS.gain),
    crossfader: knob(changes.crossfader, KNOBS.crossfader),
    master: knob(changes.master, KNOBS.master),
    phones: knob(changes.phones, KNOBS.phones),
    spatial: knob(changes.spatial, KNOBS.spatial),
    eqA: eq(changes.eqA),
    eqB: eq(changes.eqB),
  };
  for (const key of Object.keys(clamped)) if (clamped[key] === undefined) delete clamped[key];
  return clamped as MixerChanges;
}

/**
 * One step of the mixer's state: the new state and the changes to send to the engine. Every knob clamps to
 * its range (0–100; EQ -50..50). A kill drops the band to -50 and remembers where it was; releasing it (or
 * turning the knob) restores/clears that memory.
 */
export function reduceMixer(state: MixerState, action: MixerAction): { state: MixerState; changes: MixerChanges } {
  switch (action.type) {
    case 'set': {
      const changes = clampChanges(action.changes);
      const knobs: MixerKnobs = {
        ...state.knobs,
        ...changes,
        eqA: { ...state.knobs.eqA, ...changes.eqA },
        eqB: { ...state.knobs.eqB, ...changes.eqB },
      } as MixerKnobs;
      // A band turned by hand away from the bottom is no longer killed.
      const killed: KillMemory = { a: { ...state.killed.a }, b: { ...state.killed.b } };
      for (const deck of ['a', 'b'] as const) {
        for (const band of EQ_BANDS) {
          if (knobs[eqKey(deck)][band] !== KILL) delete killed[deck][band];
        }
      }
      return { state: { knobs, killed }, changes };
    }
    case 'toggleKill': {
      const { deck, band } = action;
      const key = eqKey(deck);
      const current = state.knobs[key][band];
      const memory = { ...state.killed[deck] };
      let next: number;
      if (current === KILL) {
        next = memory[band] ?? KNOBS.eq.default;
        delete memory[band];
      } else {
        memory[band] = current;
        next = KILL;
      }
      const eq = { ...state.knobs[key], [band]: next };
      return {
        state: { knobs: { ...state.knobs, [key]: eq }, killed: { ...state.killed, [deck]: memory } },
        changes: { [key]: { [band]: next } },
      };
    }
  }
}

export function isKilled(knobs: MixerKnobs, deck: DeckId, band: EqBandName): boolean {
  return knobs[eqKey(deck)][band] === KILL;
}

export function eqOf(knobs: MixerKnobs, deck: DeckId): MixerKnobs['eqA'] {
  return knobs[eqKey(deck)];
}

export const CUE_SOURCES: readonly CueSource[] = ['a', 'b', 'none'];
