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

  it("tells the viewers this process saw itself, over every stream, not the other processes' ones", () => {
    const viewers = new ViewerCounter(5000, 10);
    viewers.touch('s', { viewer: 'a', address: '10.0.0.1' }, 0);
    viewers.touch('t', { viewer: 'b', address: '10.0.0.2' }, 3000);
    viewers.takeTouched();
    viewers.setCounts(new Map([['s', 40]]));
    expect(viewers.count('s', 3000)).toBe(40);
    expect(viewers.seenHere(3000)).toBe(2);
    expect(viewers.seenHere(6000)).toBe(1);
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

describe('ViewerCounter over several processes', () => {
  it('counts the viewers of every process, and those new here before the next count reaches them', () => {
    const counter = new ViewerCounter(5000, 5);
    expect(counter.touch('s', { viewer: 'viewer-aaaa1', address: '10.0.0.1' }, 0)).toBe(true);
    const seen = counter.takeTouched();
    expect(seen).toEqual([{ streamId: 's', key: 'id:viewer-aaaa1', at: 0 }]);
    // Taken, but not counted anywhere yet: it still counts here.
    expect(counter.count('s', 10)).toBe(1);
    // The other processes have three more of their own.
    counter.setCounts(new Map([['s', 4]]));
    expect(counter.count('s', 20)).toBe(4);
    expect(counter.touch('s', { viewer: 'viewer-bbbb2', address: '10.0.0.2' }, 30)).toBe(true);
    expect(counter.count('s', 40)).toBe(5);
    // Full over every process: a new viewer is refused here, one already seen is not.
    expect(counter.touch('s', { viewer: 'viewer-cccc3', address: '10.0.0.3' }, 50)).toBe(false);
    expect(counter.touch('s', { viewer: 'viewer-aaaa1', address: '10.0.0.1' }, 60)).toBe(true);
    // A stream with no viewer here shows every process's count.
    counter.setCounts(new Map([['s', 5], ['t', 7]]));
    expect(counter.count('t', 70)).toBe(7);
    expect(counter.takeTouched().map((v) => v.key).sort()).toEqual(['id:viewer-aaaa1', 'id:viewer-bbbb2']);
  });

  it('counts the viewers of a failed sync as new here again', () => {
    const counter = new ViewerCounter(5000, 10);
    counter.setCounts(new Map([['s', 3]]));
    counter.touch('s', { viewer: 'viewer-aaaa1', address: '10.0.0.1' }, 0);
    counter.takeTouched();
    counter.syncFailed();
    expect(counter.count('s', 10)).toBe(4);
  });
});
