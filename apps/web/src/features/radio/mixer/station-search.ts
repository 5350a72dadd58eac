import { foldText } from '@grouarock/i18n';

/** A station of the combined catalogue as the pickers use it. */
export interface CatalogueStation {
  readonly id: string;
  readonly name: string;
  readonly country: { readonly name: string };
  readonly genres: readonly string[];
}

/** Stations whose name, country or genre contains every word of `query` (case and accents ignored). */
export function searchStations<T extends CatalogueStation>(stations: readonly T[], query: string): T[] {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...stations];
  return stations.filter((station) => {
    const haystack = foldText([station.name, station.country.name, ...station.genres].join(' '));
    return words.every((word) => haystack.includes(word));
  });
}
