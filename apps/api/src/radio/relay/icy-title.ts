const utf8 = new TextDecoder('utf-8', { fatal: true });
const latin2 = new TextDecoder('iso-8859-2');
const latin1 = new TextDecoder('latin1');

/** Polish letters that exist in ISO-8859-2 but not in ISO-8859-1: their presence picks Latin-2. */
const LATIN2_POLISH = /[ąćęłńśźżĄĆĘŁŃŚŹŻ]/;

/**
 * Station metadata arrives as bytes with no declared charset: UTF-8 when it is valid UTF-8, otherwise
 * ISO-8859-2 if that yields Polish letters (common on Polish stations), otherwise ISO-8859-1.
 */
export function decodeMetadata(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    const polish = latin2.decode(bytes);
    return LATIN2_POLISH.test(polish) ? polish : latin1.decode(bytes);
  }
}

/** The StreamTitle of an ICY metadata block (`StreamTitle='…';StreamUrl='…';`), if any. */
export function streamTitle(metadata: string): string | undefined {
  const match = /StreamTitle='(.*?)';(?=[A-Za-z]+=|\s*$|\0)/s.exec(metadata.replace(/\0+$/, ''));
  const title = match?.[1]?.trim();
  return title ? title : undefined;
}

/** "Artist - Title" into its two parts; a title without the separator is all title. */
export function splitTitle(streamTitleText: string): { artist: string | null; title: string } {
  const at = streamTitleText.indexOf(' - ');
  if (at <= 0) return { artist: null, title: streamTitleText };
  return { artist: streamTitleText.slice(0, at).trim(), title: streamTitleText.slice(at + 3).trim() };
}
