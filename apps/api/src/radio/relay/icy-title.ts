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

/**
 * The longest artist and the longest title we keep, in characters (code points). ICY allows 4,080 bytes of metadata;
 * decoded from Latin-1 that can be ~8 KB of UTF-8, more than one realtime event between processes may carry
 * (PostgreSQL NOTIFY, under 8,000 bytes). No real artist or song name comes near this.
 */
export const MAX_TITLE_PART = 256;

/** `text` cut to `max` code points, the last one an ellipsis when anything was cut (never splitting a surrogate pair). */
export function truncate(text: string, max = MAX_TITLE_PART): string {
  if (text.length <= max) return text;
  const points = Array.from(text);
  return points.length <= max ? text : `${points.slice(0, max - 1).join('')}…`;
}

/** "Artist - Title" into its two parts, each at most MAX_TITLE_PART characters; a title without the separator is all title. */
export function splitTitle(streamTitleText: string): { artist: string | null; title: string } {
  const at = streamTitleText.indexOf(' - ');
  if (at <= 0) return { artist: null, title: truncate(streamTitleText) };
  return { artist: truncate(streamTitleText.slice(0, at).trim()), title: truncate(streamTitleText.slice(at + 3).trim()) };
}
