import { ViewerCounter } from './viewer-counter';

describe('ViewerCounter', () => {
  it('counts each viewer once while they keep reloading, and forgets them after the ttl', () => {
    const viewers = new ViewerCounter(5000, 10);
    viewers.touch('s', 'a', 0);
    viewers.touch('s', 'a', 1000);
    viewers.touch('s', 'b', 2000);
    expect(viewers.count('s', 2500)).toBe(2);
    expect(viewers.count('s', 6500)).toBe(1);
    expect(viewers.count('s', 7500)).toBe(0);
    expect(viewers.count('other', 0)).toBe(0);
  });

  it('turns a new viewer away when the stream is full, never one already watching', () => {
    const viewers = new ViewerCounter(5000, 2);
    expect(viewers.touch('s', 'a', 0)).toBe(true);
    expect(viewers.touch('s', 'b', 0)).toBe(true);
    expect(viewers.touch('s', 'c', 100)).toBe(false);
    expect(viewers.touch('s', 'a', 200)).toBe(true);
    expect(viewers.touch('s', 'c', 5100)).toBe(true);
  });
});
