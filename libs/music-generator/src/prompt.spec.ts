import { promptTraits } from './prompt';

describe('promptTraits', () => {
  it('reads Polish and English words in any case and form', () => {
    expect(promptTraits('SZYBKA piosenka').tempo).toBeCloseTo(1.15);
    expect(promptTraits('slow ballad').tempo).toBeCloseTo(0.8);
    expect(promptTraits('Mroczną, ciężką').mode).toBe('minor');
    expect(promptTraits('Wesoły, słoneczny kawałek').mode).toBe('major');
    expect(promptTraits('długie gitarowe solo').solo).toBe(true);
  });

  it('leaves a prompt without those words as the genre has it', () => {
    expect(promptTraits('o miłości i deszczu')).toEqual({ tempo: 1, tuningDown: 0, solo: false });
  });
});
