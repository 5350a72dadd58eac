import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { areas, defaultLocale, loadArea, locales, withIncludedAreas } from './index';
import { en } from './messages/en';
import { nl } from './messages/nl';
import { pl } from './messages/pl';

const messages = { pl, en, nl };

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
  it.each(locales)('%s: the areas together are the whole dictionary, each id in exactly one area', async (locale) => {
    const parts = await Promise.all(areas.map((area) => loadArea(locale, area)));
    const ids = parts.flatMap((part) => Object.keys(part));
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.assign({}, ...parts)).toEqual(messages[locale]);
  });

  it.each(locales)('%s: an area holds the ids of its namespace', async (locale) => {
    for (const area of areas.filter((a) => a !== 'core')) {
      const ids = Object.keys(await loadArea(locale, area));
      expect(ids.length).toBeGreaterThan(0);
      expect(ids.filter((id) => id.split('.')[0] !== area)).toEqual([]);
    }
  });

  it('an area that shows texts of another includes it, each area once', () => {
    expect(withIncludedAreas(['profile'])).toEqual(['profile', 'auth', 'developer', 'security']);
    expect(withIncludedAreas(['auth', 'profile'])).toEqual(['auth', 'profile', 'developer', 'security']);
    expect(withIncludedAreas(['radio', 'mixer'])).toEqual(['radio', 'mixer']);
  });

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

  it('keeps the auth texts the product spec fixes', () => {
    const fixed: Partial<Record<keyof (typeof messages)['pl'], string>> = {
      'auth.tab.login': 'Logowanie',
      'auth.tab.register': 'Rejestracja',
      'auth.login.busy': 'Logowanie...',
      'auth.register.busy': 'Tworzenie konta...',
      'auth.validation.fillAll': 'Wypełnij wszystkie pola',
      'auth.validation.fillRequired': 'Wypełnij wszystkie wymagane pola',
      'auth.validation.passwordsMismatch': 'Hasła nie są identyczne',
      'auth.validation.passwordTooShort': 'Hasło musi mieć co najmniej 6 znaków',
      'auth.dialog.passwordsMismatch': 'Hasła nie są identyczne!',
      'auth.dialog.loginTitle': 'Zaloguj się',
      'auth.dialog.submitLogin': 'Zaloguj się',
      'auth.dialog.submitRegister': 'Utwórz konto',
      'auth.dialog.busy': 'Przetwarzanie...',
      'auth.dialog.toRegister': 'Nie masz konta? Zarejestruj się',
      'auth.dialog.toLogin': 'Masz już konto? Zaloguj się',
      'auth.toast.emailTaken': 'Ten email jest już zarejestrowany. Spróbuj się zalogować.',
      'auth.toast.signupUnexpected': 'Wystąpił nieoczekiwany błąd podczas rejestracji',
      'auth.toast.signupSuccess': 'Konto zostało utworzone! Sprawdź email aby aktywować konto.',
      'auth.toast.invalidCredentials': 'Nieprawidłowy email lub hasło',
      'auth.toast.loginUnexpected': 'Wystąpił nieoczekiwany błąd podczas logowania',
      'auth.toast.logoutError': 'Błąd podczas wylogowania',
      'auth.toast.logoutUnexpected': 'Wystąpił nieoczekiwany błąd podczas wylogowania',
      'auth.toast.logoutSuccess': 'Wylogowano pomyślnie',
      'auth.toast.oauthError': 'Wystąpił błąd podczas logowania przez OAuth',
      'userMenu.signedInAs': 'Zalogowany jako',
      'userMenu.profile': 'Profil',
      'userMenu.logout': 'Wyloguj się',
    };
    for (const [id, text] of Object.entries(fixed)) expect({ id, text: messages.pl[id as keyof (typeof messages)['pl']] }).toEqual({ id, text });
    expect(messages.pl['auth.toast.welcome']).toContain(messages.pl['brand.name']);
    expect(messages.pl['auth.dialog.registerTitle']).toContain(messages.pl['brand.name']);
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
