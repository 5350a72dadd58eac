import { atom } from 'jotai';

/** An ad break as the player shows it: the spot playing (with its seconds left), or the station coming back. */
export type AdBreakView = { phase: 'spot'; secondsLeft: number } | { phase: 'resuming' };

/** The break in progress, or null: the player bar reads it to hold its controls and say "Reklama". */
export const adBreakAtom = atom<AdBreakView | null>(null);
