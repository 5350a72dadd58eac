import { initialKnobs, initialMixerState, isKilled, reduceMixer } from './mixer-state';

describe('mixer state', () => {
  it('starts at the spec defaults', () => {
    expect(initialKnobs).toMatchObject({
      volumeA: 80,
      volumeB: 80,
      gainA: 75,
      gainB: 75,
      crossfader: 50,
      master: 85,
      phones: 70,
      spatial: 50,
      crossfaderCurve: 'equal-power',
      eqA: { low: 0, mid: 0, high: 0 },
    });
  });

  it('clamps every knob to its range and passes only what changed to the engine', () => {
    const { state, changes } = reduceMixer(initialMixerState, {
      type: 'set',
      changes: { volumeA: 140, master: -5, crossfader: 30, eqB: { low: -80, high: 70 } },
    });
    expect(changes).toEqual({ volumeA: 100, master: 0, crossfader: 30, eqB: { low: -50, high: 50 } });
    expect(state.knobs).toMatchObject({ volumeA: 100, master: 0, crossfader: 30, volumeB: 80 });
    expect(state.knobs.eqB).toEqual({ low: -50, mid: 0, high: 50 });
  });

  it('sets the crossfader curve and the cue', () => {
    const { state } = reduceMixer(initialMixerState, { type: 'set', changes: { crossfaderCurve: 'sharp-cut', cue: 'b' } });
    expect(state.knobs.crossfaderCurve).toBe('sharp-cut');
    expect(state.knobs.cue).toBe('b');
  });

  it('kills a band at the bottom of the knob and restores it on release', () => {
    const turned = reduceMixer(initialMixerState, { type: 'set', changes: { eqA: { mid: 20 } } }).state;
    const killed = reduceMixer(turned, { type: 'toggleKill', deck: 'a', band: 'mid' });
    expect(killed.changes).toEqual({ eqA: { mid: -50 } });
    expect(isKilled(killed.state.knobs, 'a', 'mid')).toBe(true);
    expect(isKilled(killed.state.knobs, 'b', 'mid')).toBe(false);

    const released = reduceMixer(killed.state, { type: 'toggleKill', deck: 'a', band: 'mid' });
    expect(released.changes).toEqual({ eqA: { mid: 20 } });
    expect(released.state.knobs.eqA.mid).toBe(20);
  });

  it('releases a band killed by turning the knob down to flat', () => {
    const atBottom = reduceMixer(initialMixerState, { type: 'set', changes: { eqB: { high: -50 } } }).state;
    expect(isKilled(atBottom.knobs, 'b', 'high')).toBe(true);
    const released = reduceMixer(atBottom, { type: 'toggleKill', deck: 'b', band: 'high' });
    expect(released.state.knobs.eqB.high).toBe(0);
  });

  it('forgets the kill memory once the knob is turned by hand', () => {
    const killed = reduceMixer(initialMixerState, { type: 'toggleKill', deck: 'a', band: 'low' }).state;
    const turned = reduceMixer(killed, { type: 'set', changes: { eqA: { low: 10 } } }).state;
    expect(turned.killed.a).toEqual({});
  });
});
