import { cardsPerView, carouselPages, loopPage } from './carousel-pages';

describe('carousel pages', () => {
  it('shows 1 card on mobile, 2 on tablets and 3 on wider screens', () => {
    expect(cardsPerView(true, true)).toBe(1);
    expect(cardsPerView(false, true)).toBe(2);
    expect(cardsPerView(false, false)).toBe(3);
  });

  it('makes one page per card on mobile', () => {
    expect(carouselPages(6, 1)).toEqual([0, 1, 2, 3, 4, 5].map((i) => ({ first: i, last: i })));
  });

  it('keeps the last page full', () => {
    expect(carouselPages(6, 3)).toEqual([
      { first: 0, last: 2 },
      { first: 3, last: 5 },
    ]);
    expect(carouselPages(6, 4)).toEqual([
      { first: 0, last: 3 },
      { first: 2, last: 5 },
    ]);
    expect(carouselPages(5, 2)).toEqual([
      { first: 0, last: 1 },
      { first: 2, last: 3 },
      { first: 3, last: 4 },
    ]);
  });

  it('has one page when everything fits', () => {
    expect(carouselPages(2, 3)).toEqual([{ first: 0, last: 1 }]);
  });

  it('loops in both directions', () => {
    expect(loopPage(5, 1, 6)).toBe(0);
    expect(loopPage(0, -1, 6)).toBe(5);
    expect(loopPage(2, 1, 6)).toBe(3);
  });
});
