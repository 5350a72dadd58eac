import { LISTENING_MODES, PRESETS, PRESET_IDS, SPORT_MODES, isPresetId } from './presets';

describe('presets', () => {
  it('carry the spec sport modes (volume/bass/treble)', () => {
    expect(SPORT_MODES.running).toEqual({ volume: 85, bass: 75, treble: 50 });
    expect(SPORT_MODES.strength).toEqual({ volume: 80, bass: 90, treble: 40 });
    expect(SPORT_MODES.yoga).toEqual({ volume: 60, bass: 20, treble: 30 });
    expect(SPORT_MODES.cycling).toEqual({ volume: 75, bass: 65, treble: 60 });
  });

  it('define cardio as the midpoint of running and cycling', () => {
    const { running, cycling, cardio } = SPORT_MODES;
    expect(cardio).toEqual({
      volume: (running.volume + cycling.volume) / 2,
      bass: (running.bass + cycling.bass) / 2,
      treble: (running.treble + cycling.treble) / 2,
    });
  });

  it('define training as the rounded mean of the four specified sport modes', () => {
    const given = [SPORT_MODES.running, SPORT_MODES.strength, SPORT_MODES.yoga, SPORT_MODES.cycling];
    const mean = (key: 'volume' | 'bass' | 'treble'): number => Math.round(given.reduce((sum, mode) => sum + mode[key], 0) / given.length);
    expect(LISTENING_MODES.training).toEqual({ volume: mean('volume'), bass: mean('bass'), treble: mean('treble') });
  });

  it('make focus quieter and less bassy, and energy boost the loudest', () => {
    expect(LISTENING_MODES.focus.volume).toBeLessThan(70);
    expect(LISTENING_MODES.focus.bass).toBeLessThan(50);
    const loudest = Math.max(...Object.values(PRESETS).map((preset) => preset.volume));
    expect(LISTENING_MODES.energyBoost.volume).toBe(loudest);
  });

  it('stay on the 0–100 scale and are all listed', () => {
    for (const preset of Object.values(PRESETS)) {
      for (const value of Object.values(preset)) {
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(100);
        expect(Number.isInteger(value)).toBe(true);
      }
    }
    expect([...PRESET_IDS].sort()).toEqual(['cardio', 'cycling', 'energyBoost', 'focus', 'running', 'strength', 'training', 'yoga']);
    expect(isPresetId('yoga')).toBe(true);
    expect(isPresetId('toString')).toBe(false);
  });
});
