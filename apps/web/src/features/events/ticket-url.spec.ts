import { ticketUrl } from './ticket-url';

const id = '6f1c2a4e-8b3d-4c5e-9a7b-1d2e3f4a5b6c';

describe('ticketUrl', () => {
  it('appends ref and event to an address without a query', () => {
    expect(ticketUrl('https://tickets.example.test/fest', id)).toBe(`https://tickets.example.test/fest?ref=grouarock&event=${id}`);
  });

  it("keeps the seller's parameters exactly as they were, and the fragment", () => {
    expect(ticketUrl('https://tickets.example.test/e?q=rock%20fest&city=Krak%C3%B3w&x=a+b#seats', id)).toBe(
      `https://tickets.example.test/e?q=rock%20fest&city=Krak%C3%B3w&x=a+b&ref=grouarock&event=${id}#seats`,
    );
  });

  it('replaces a ref or event already in the address rather than sending two', () => {
    const url = new URL(ticketUrl('http://tickets.example.test/e?ref=someone&lang=pl&event=old&%72ef=encoded', id) as string);
    expect(url.searchParams.getAll('ref')).toEqual(['grouarock']);
    expect(url.searchParams.getAll('event')).toEqual([id]);
    expect(url.searchParams.get('lang')).toBe('pl');
  });

  it('gives up on an address that is not a URL', () => {
    expect(ticketUrl('not a url', id)).toBeNull();
  });
});
