/** How many cards the carousel shows at once, by width: 1 below the mobile breakpoint, 2 below lg, else 3. */
export function cardsPerView(mobile: boolean, belowLarge: boolean): number {
  if (mobile) return 1;
  return belowLarge ? 2 : 3;
}

export interface CarouselPage {
  /** Index of the first card shown. */
  first: number;
  /** Index of the last card shown. */
  last: number;
}

/**
 * The pages of `count` cards shown `perView` at a time. The last page is always full: with 6 cards by 4 it shows
 * cards 3–6, not 5–6 beside empty space.
 */
export function carouselPages(count: number, perView: number): CarouselPage[] {
  const shown = Math.max(1, Math.min(perView, count));
  const pages = Math.max(1, Math.ceil(count / shown));
  return Array.from({ length: pages }, (_, page) => {
    const first = Math.max(0, Math.min(page * shown, count - shown));
    return { first, last: first + shown - 1 };
  });
}

/** The page after (step 1) or before (step -1) `page`, looping round. */
export function loopPage(page: number, step: 1 | -1, pages: number): number {
  return (((page + step) % pages) + pages) % pages;
}
