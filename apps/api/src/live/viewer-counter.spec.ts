import { ViewerCounter } from './viewer-counter';

describe('ViewerCounter', () => {
  it('counts each viewer once while they keep reloading, and forgets them after the ttl', () => {
    const viewers = new ViewerCounter(5000, 10);
    viewers.touch('s', { viewer: 'a', address: '10.0.0.1' }, 0);
    viewers.touch('s', { viewer: 'a', address: '10.0.0.1' }, 1000);
    viewers.touch('s', { viewer: 'b', address: '10.0.0.2' }, 2000);
    expect(viewers.count('s', 2500)).toBe(2);
    expect(viewers.count('s', 6500)).toBe(1);
    expect(viewers.count('s', 7500)).toBe(0);
    expect(viewers.count('other', 0)).toBe(0);
  });

  it('turns a new viewer away when the stream is full, never one already watching', () => {
    const viewers = new ViewerCounter(5000, 2);
    expect(viewers.touch('s', { viewer: 'a', address: '10.0.0.1' }, 0)).toBe(true);
    expect(viewers.touch('s', { viewer: 'b', address: '10.0.0.2' }, 0)).toBe(true);
    expect(viewers.touch('s', { viewer: 'c', address: '10.0.0.3' }, 100)).toBe(false);
    expect(viewers.touch('s', { viewer: 'a', address: '10.0.0.1' }, 200)).toBe(true);
    expect(viewers.touch('s', { viewer: 'c', address: '10.0.0.3' }, 5100)).toBe(true);
  });

  it('counts a player without an id by its address', () => {
    const viewers = new ViewerCounter(5000, 10);
    viewers.touch('s', { address: '10.0.0.1' }, 0);
    viewers.touch('s', { address: '10.0.0.1' }, 500);
    viewers.touch('s', { address: '10.0.0.2' }, 500);
    expect(viewers.count('s', 1000)).toBe(2);
  });

  it('lets one address hold 4 ids: its made-up ids past them count as one viewer, so real viewers still get in', () => {
    const viewers = new ViewerCounter(5000, 10);
    // One address, a new random id every request, as a script filling the stream would send them.
    for (let i = 0; i < 200; i++) expect(viewers.touch('s', { viewer: `fake-${i}`, address: '203.0.113.9' }, i)).toBe(true);
    expect(viewers.count('s', 300)).toBe(5);
    for (let i = 0; i < 5; i++) expect(viewers.touch('s', { viewer: `real-${i}`, address: `198.51.100.${i}` }, 400)).toBe(true);
    expect(viewers.count('s', 500)).toBe(10);
    // Ids of an address count again once they went quiet: a household's players come and go.
    for (let i = 0; i < 4; i++) viewers.touch('s', { viewer: `real-${i}`, address: `198.51.100.${i}` }, 5300);
    viewers.touch('s', { viewer: 'real-4', address: '198.51.100.4' }, 5300);
    expect(viewers.count('s', 5300)).toBe(5);
    expect(viewers.touch('s', { viewer: 'later', address: '203.0.113.9' }, 5400)).toBe(true);
    expect(viewers.count('s', 5400)).toBe(6);
  });

  it('keeps the count of ids per address right when a viewer id moves to another address', () => {
    const viewers = new ViewerCounter(5000, 100, 2);
    viewers.touch('s', { viewer: 'phone', address: '10.0.0.1' }, 0);
    viewers.touch('s', { viewer: 'phone', address: '10.0.0.2' }, 100);
    viewers.touch('s', { viewer: 'tv', address: '10.0.0.1' }, 200);
    viewers.touch('s', { viewer: 'tablet', address: '10.0.0.1' }, 300);
    expect(viewers.count('s', 400)).toBe(3);
    // 10.0.0.1 holds two ids (tv, tablet): more count as the address, once.
    viewers.touch('s', { viewer: 'laptop', address: '10.0.0.1' }, 500);
    viewers.touch('s', { viewer: 'watch', address: '10.0.0.1' }, 500);
    expect(viewers.count('s', 600)).toBe(4);
  });
});
