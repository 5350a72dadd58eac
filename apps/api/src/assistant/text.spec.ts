import { fold, stems, words } from './text';

describe('assistant text', () => {
  it('folds every Polish diacritic, ł too', () => {
    expect(fold('Łódź, ŻÓŁĆ, ąęśćńóźż')).toBe('lodz, zolc, aescnozz');
  });

  it('drops stop words in Polish and English and cuts words to 5 letters', () => {
    expect(words('Jakie są koncerty w Krakowie?')).toEqual(['koncerty', 'krakowie']);
    expect(stems('koncertów w Krakowie')).toEqual(stems('koncerty Kraków'));
    expect(words('What is playing on Planet Rock?')).toEqual(['playing', 'planet', 'rock']);
  });
});
