import { detectLanguage } from './language';

describe('the language of a question', () => {
  it.each([
    ['pl', 'Co teraz gra w radiu?'],
    ['pl', 'Jak nadawać z OBS?'],
    ['pl', 'Jakie stacje z Niemiec grają metal?'],
    ['pl', 'koncerty w Krakowie'],
    ['pl', 'Kiedy gra Kult?'],
    ['pl', 'Gdańsk'],
    ['en', 'How do I stream to you from OBS?'],
    ['en', 'What’s playing now?'],
    ['en', "What's playing on Antyradio?"],
    ['en', 'Concerts in Kraków'],
    ['en', 'Which stations from Germany play metal?'],
    ['en', 'hi'],
    ['nl', 'Wat speelt er nu?'],
    ['nl', 'Hoeveel kost Premium?'],
    ['nl', 'Hoe neem ik een uitzending op?'],
    ['nl', 'Concerten in Kraków'],
    ['nl', 'Waar vind ik mijn streamsleutel?'],
    ['nl', 'hoi'],
    // Words of the product's help and of its genre requests.
    ['nl', 'Heeft Basic reclame?'],
    ['nl', 'Heeft Ultra API-toegang?'],
    ['nl', 'zware rock uit Nederland'],
    ['nl', 'metalzenders uit België'],
    ['nl', 'Ik ben mijn wachtwoord vergeten'],
    ['pl', 'Jak słuchać bez reklam?'],
    ['pl', 'Co mam w planie Basic?'],
    ['en', 'Does Basic have ads?'],
  ])('%s: %s', (expected, question) => {
    expect(detectLanguage(question)).toBe(expected);
  });

  it('cannot tell a question with no marker of any language, or with as many for two', () => {
    for (const question of ['cennik', 'Premium', 'festiwale', 'Radio BOB! Metal', 'metal', '', '???', 'is in']) expect(detectLanguage(question)).toBeNull();
  });
});
