/**
 * Text as searches compare it: lower case, without diacritics, so "ciezki" finds "Ciężki" and "Lodz" finds "Łódź"
 * (ł has no Unicode decomposition, so it is mapped by hand). The web app's filters and the API's searches share it.
 */
export function foldText(text: string): string {
  return text.toLocaleLowerCase('pl').normalize('NFD').replace(/\p{M}/gu, '').replace(/ł/g, 'l');
}
