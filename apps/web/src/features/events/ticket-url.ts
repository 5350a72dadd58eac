/** What the ticket sellers credit us by (the product's `ref` parameter). */
export const affiliateRef = 'grouarock';

const ours = new Set(['ref', 'event']);

function keyOf(pair: string): string {
  const key = pair.split('=')[0].replace(/\+/g, ' ');
  try {
    return decodeURIComponent(key);
  } catch {
    return key;
  }
}

/**
 * The event's ticket URL with `ref=grouarock&event=<id>` appended. The seller's own parameters are kept byte for
 * byte (re-encoding them could break a seller's link); an old ref or event of theirs is replaced. Null when the
 * address cannot be parsed (the API only hands out http(s) URLs, so this is a safeguard).
 */
export function ticketUrl(address: string, eventId: string): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  const kept = url.search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '' && !ours.has(keyOf(pair)));
  url.search = [...kept, new URLSearchParams({ ref: affiliateRef, event: eventId }).toString()].join('&');
  return url.href;
}
