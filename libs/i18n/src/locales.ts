/** The languages of the interface, Polish first (the default). */
export const locales = ['pl', 'en', 'nl'] as const;

export type Locale = (typeof locales)[number];

export const defaultLocale: Locale = 'pl';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}
