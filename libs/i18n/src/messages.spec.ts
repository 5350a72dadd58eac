import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { defaultLocale, locales, messages } from './index';

const sourceIds = Object.keys(messages[defaultLocale]);

function argumentsOf(elements: MessageFormatElement[]): string[] {
  return elements.flatMap((e) => {
    if (e.type === TYPE.literal || e.type === TYPE.pound) return [];
    const own = 'value' in e && typeof e.value === 'string' ? [e.value] : [];
    const nested = 'options' in e ? Object.values(e.options).flatMap((o) => argumentsOf(o.value)) : [];
    const children = e.type === TYPE.tag ? argumentsOf(e.children) : [];
    return [...own, ...nested, ...children];
  });
}

describe('dictionaries', () => {
  it.each(locales)('%s has exactly the keys of the Polish source', (locale) => {
    expect(Object.keys(messages[locale]).sort()).toEqual([...sourceIds].sort());
  });

  it.each(locales)('%s: every message is valid ICU with the same arguments as Polish', (locale) => {
    for (const id of sourceIds) {
      const text = messages[locale][id as keyof (typeof messages)['pl']];
      expect(text.trim()).not.toBe('');
      const args = argumentsOf(parse(text)).sort();
      expect({ id, args }).toEqual({ id, args: argumentsOf(parse(messages.pl[id as keyof (typeof messages)['pl']])).sort() });
    }
  });

  it('keeps the texts the product spec fixes', () => {
    expect(messages.pl['header.login']).toBe('Zaloguj się');
    expect(messages.pl['nav.events']).toBe('Wydarzenia');
    expect(messages.pl['nav.aiStudio']).toBe('Studio AI');
    expect(messages.pl['nav.shop']).toBe('Sklep');
    expect(messages.pl['notFound.title']).toBe('Oops! Page not found');
    expect(messages.pl['footer.rights']).toContain('© 2024');
  });
});

describe('message ids used in code', () => {
  const root = path.resolve(__dirname, '../../..');
  const namespaces = [...new Set(sourceIds.map((id) => id.split('.')[0]))];
  // Any string literal that starts with one of our namespaces is a message id.
  const idLiteral = new RegExp(`['"\`]((?:${namespaces.join('|')})\\.[A-Za-z0-9_.]+)['"\`]`, 'g');

  function sources(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      if (name === 'node_modules' || name === 'generated') return [];
      if (statSync(full).isDirectory()) return sources(full);
      return /\.tsx?$/.test(name) && !/\.(spec|stories)\.tsx?$/.test(name) ? [full] : [];
    });
  }

  const files = ['apps/web/src', 'libs/ui/src'].map((d) => path.join(root, d)).flatMap(sources);

  it('finds the code to check', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it('every id the web app and the UI library use exists in the dictionaries', () => {
    const missing = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(idLiteral)]
        .map((m) => m[1])
        .filter((id) => !sourceIds.includes(id))
        .map((id) => `${path.relative(root, file)}: ${id}`),
    );
    expect(missing).toEqual([]);
  });
});
