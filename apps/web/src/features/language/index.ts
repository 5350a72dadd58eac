// The public face of features/language: other features import from here, never from its files.
export { LanguageSwitcher } from './components/language-switcher';
export { localeAtom, storedLocale } from './atoms';
