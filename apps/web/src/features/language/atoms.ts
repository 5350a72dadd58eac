import { defaultLocale, isLocale, type Locale } from '@grouarock/i18n';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';

const storage = createJSONStorage<Locale>(() => localStorage);

/** The interface language; remembered across visits, Polish until the user picks another. */
export const localeAtom = atomWithStorage<Locale>(
  'grouarock.locale',
  defaultLocale,
  {
    ...storage,
    getItem: (key, initial) => {
      const stored = storage.getItem(key, initial);
      return isLocale(stored) ? stored : initial;
    },
  },
  { getOnInit: true },
);
