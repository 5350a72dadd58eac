/** A station of the combined catalogue as the pickers use it. */
export interface CatalogueStation {
  readonly id: string;
  readonly name: string;
  readonly country: { readonly name: string };
  readonly genres: readonly string[];
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().replace(/ł/g, 'l');
}

/** Stations whose name, country or genre contains every word of `query` (case and accents ignored). */
export function searchStations<T extends CatalogueStation>(stations: readonly T[], query: string): T[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...stations];
  return stations.filter((station) => {
    const haystack = fold([station.name, station.country.name, ...station.genres].join(' '));
    return words.every((word) => haystack.includes(word));
  });
}
