/** Country names as the (Polish) interface shows them; other codes fall back to the code itself. */
const names: Record<string, string> = {
  pl: 'Polska',
  gb: 'Wielka Brytania',
  nl: 'Holandia',
  fr: 'Francja',
  de: 'Niemcy',
  es: 'Hiszpania',
  pt: 'Portugalia',
  be: 'Belgia',
  us: 'USA',
  ie: 'Irlandia',
  it: 'Włochy',
  se: 'Szwecja',
  ch: 'Szwajcaria',
  at: 'Austria',
  ca: 'Kanada',
  au: 'Australia',
  br: 'Brazylia',
};

export interface Country {
  code: string;
  name: string;
  /** The flag emoji, made of the two regional-indicator letters of the code. */
  flag: string;
}

export function country(code: string): Country {
  const flag = [...code.toUpperCase()].map((c) => String.fromCodePoint(0x1f1e6 + c.charCodeAt(0) - 65)).join('');
  return { code, name: names[code] ?? code.toUpperCase(), flag };
}
