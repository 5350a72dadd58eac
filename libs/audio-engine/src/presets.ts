/**
 * Listening presets over three controls, on the product's 0–100 scale: volume (the player volume),
 * bass and treble (the EQ's low and high bands, where 50 is flat: the EQ knob is the value minus 50).
 */
export interface ToneSettings {
  readonly volume: number;
  readonly bass: number;
  readonly treble: number;
}

export type SportMode = 'cardio' | 'running' | 'strength' | 'yoga' | 'cycling';
export type ListeningMode = 'training' | 'focus' | 'energyBoost';
export type PresetId = SportMode | ListeningMode;

/**
 * The sport modes of the settings dialog. Running, strength, yoga and cycling are the product's values.
 * The product gives none for cardio; it is the midpoint of running and cycling, the two other sustained
 * aerobic modes (85/75/50 and 75/65/60): loud and bass-driven for pace, a touch of treble for the beat,
 * without strength's heavy bass or yoga's softness.
 */
export const SPORT_MODES: Readonly<Record<SportMode, ToneSettings>> = {
  cardio: { volume: 80, bass: 70, treble: 55 },
  running: { volume: 85, bass: 75, treble: 50 },
  strength: { volume: 80, bass: 90, treble: 40 },
  yoga: { volume: 60, bass: 20, treble: 30 },
  cycling: { volume: 75, bass: 65, treble: 60 },
};

/**
 * The settings dialog's switches, as presets over the same controls:
 * - `training` ("Tryb Treningu"), a workout with no sport chosen: the mean of the four sport modes the
 *   product specifies (75, 62.5, 45), rounded: louder than the default 70 with a moderate bass lift.
 * - `focus` ("Tryb Koncentracji"), background listening: quieter than the default, bass pulled back
 *   (the most distracting and tiring band) and slightly softer highs.
 * - `energyBoost` ("Energy Boost"): the loudest preset with a "smile" curve, bass and treble both up,
 *   bass staying below strength's 90.
 */
export const LISTENING_MODES: Readonly<Record<ListeningMode, ToneSettings>> = {
  training: { volume: 75, bass: 63, treble: 45 },
  focus: { volume: 55, bass: 40, treble: 45 },
  energyBoost: { volume: 90, bass: 80, treble: 65 },
};

/** Every preset by id. */
export const PRESETS: Readonly<Record<PresetId, ToneSettings>> = { ...SPORT_MODES, ...LISTENING_MODES };

/** The preset ids, sport modes first. */
export const PRESET_IDS = Object.keys(PRESETS) as readonly PresetId[];

/** Whether `value` names one of the presets. */
export function isPresetId(value: unknown): value is PresetId {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(PRESETS, value);
}
