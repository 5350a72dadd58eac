/**
 * Text as searches compare it: lower case, without diacritics, so "ciezki" finds "Ciężki" (ł has no
 * decomposition, so it is mapped by hand).
 */
export function foldText(text: string): string {
  return text.toLocaleLowerCase('pl').normalize('NFD').replace(/\p{M}/gu, '').replace(/ł/g, 'l');
}
