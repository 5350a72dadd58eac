import { GENRES, type Genre } from '../repositories/schema/station-definition';
import { countriesIn, genresIn, namesIn } from './gazetteer';

describe('the assistant gazetteer', () => {
  it.each([
    ['stacje z Niemiec', ['de']],
    ['niemieckie radio', ['de']],
    ['metal from Germany', ['de']],
    ['co w Polsce', ['pl']],
    ['stacje polskie i francuskie', ['pl', 'fr']],
    ['radio z Wielkiej Brytanii', ['gb']],
    ['holenderskie stacje', ['nl']],
    ['amerykańskie stacje jazzowe', ['us']],
  ])('"%s" names %j', (text, codes) => {
    expect(countriesIn(text)).toEqual(codes);
  });

  it.each([
    ['metalowe stacje', ['metal']],
    ['heavy metal', ['metal']],
    ['klasyczny rock', ['classic-rock']],
    ['hard rock', ['hard-rock']],
    ['coś z punkiem', ['punk']],
    ['muzyka popowa', ['pop']],
    ['popularne stacje', []],
    ['rock alternatywny', ['rock', 'alternative']],
    // Heavy words are the heavier end of rock: hard rock and metal, or metal alone when metal is named.
    ['Polećcie radio z Holandii z ciężkim rockiem', ['hard-rock', 'metal']],
    ['ciężki rock', ['hard-rock', 'metal']],
    ['coś z ciężkimi brzmieniami', ['hard-rock', 'metal']],
    ['macie coś cięższego?', ['hard-rock', 'metal']],
    ['mocne brzmienia z Polski', ['hard-rock', 'metal']],
    ['ostry rock', ['hard-rock', 'metal']],
    ['heavy rock stations', ['hard-rock', 'metal']],
    ['something heavier', ['hard-rock', 'metal']],
    ['zware rock uit Nederland', ['hard-rock', 'metal']],
    ['stevige rock', ['hard-rock', 'metal']],
    ['harde rock', ['hard-rock']],
    ['hardrockowe radio', ['hard-rock']],
    ['ciężki metal', ['metal']],
    ['metalowe stacje z Belgii', ['metal']],
    ['coś metalowego', ['metal']],
    ['thrash', ['metal']],
    ['punkowe radio', ['punk']],
    ['punkowy klimat', ['punk']],
    ['coś dla punka', ['punk']],
    ['punk rock', ['punk']],
    ['hardcore punk', ['punk']],
    ['punkzenders', ['punk']],
    ['grunge', ['alternative']],
    // Words that are heavy or hard only about music.
    ['ciężko mi znaleźć stację', []],
    ['mocne hasło', []],
    ['Is it hard to record a show?', []],
  ])('"%s" names the genres %j', (text, genres) => {
    expect(genresIn(text)).toEqual(genres);
  });

  it.each(GENRES)('the catalogue genre %s has words for it in Polish, English and Dutch', (genre) => {
    const said: Record<Genre, [pl: string, en: string, nl: string]> = {
      rock: ['stacje rockowe', 'rock stations', 'rockzenders'],
      'classic-rock': ['klasyczny rock', 'classic rock', 'classic rock zenders'],
      'hard-rock': ['hard rock', 'hard rock radio', 'hardrock zenders'],
      metal: ['metalowe radio', 'metal radio', 'metalzenders'],
      punk: ['punkowe stacje', 'punk radio', 'punkzenders'],
      alternative: ['muzyka alternatywna', 'alternative music', 'alternatieve muziek'],
      indie: ['stacje indie', 'indie radio', 'indiezenders'],
      blues: ['bluesowe radio', 'blues radio', 'blueszenders'],
      jazz: ['jazzowe stacje', 'jazz stations', 'jazzzenders'],
      electronic: ['muzyka elektroniczna', 'electronic music', 'elektronische muziek'],
      pop: ['muzyka popowa', 'pop music', 'pop muziek'],
      eclectic: ['eklektyczne radio', 'eclectic radio', 'eclectische zenders'],
    };
    for (const text of said[genre]) expect(genresIn(text)).toContain(genre);
  });

  it('finds station names as whole words, the longest when one contains another', () => {
    const stations = [{ name: 'Radio BOB!' }, { name: 'Radio BOB! Metal' }, { name: 'FIP' }, { name: 'Radio Nowy Świat' }];
    const name = (s: { name: string }) => s.name;
    expect(namesIn('Co gra teraz w Radio BOB Metal?', stations, name)).toEqual([{ name: 'Radio BOB! Metal' }]);
    expect(namesIn('co leci w radio nowy swiat', stations, name)).toEqual([{ name: 'Radio Nowy Świat' }]);
    expect(namesIn('co gra w fip', stations, name)).toEqual([{ name: 'FIP' }]);
    expect(namesIn('fipper', stations, name)).toEqual([]);
  });
});
