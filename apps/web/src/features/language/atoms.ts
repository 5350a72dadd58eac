import { defaultLocale, isLocale, type Locale } from '@grouarock/i18n';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { localStore } from '../../lib/browser-storage';

const KEY = 'grouarock.locale';
const storage = createJSONStorage<Locale>(localStore);

/** The remembered language (what the atom starts with), read before the app renders. */
export function storedLocale(): Locale {
  const stored = storage.getItem(KEY, defaultLocale);
  return isLocale(stored) ? stored : defaultLocale;
}

/** The interface language; remembered across visits, Polish until the user picks another. */
export const localeAtom = atomWithStorage<Locale>(KEY, defaultLocale, { ...storage, getItem: () => storedLocale() }, { getOnInit: true });
