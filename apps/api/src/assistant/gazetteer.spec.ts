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
  ])('"%s" names the genres %j', (text, genres) => {
    expect(genresIn(text)).toEqual(genres);
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
