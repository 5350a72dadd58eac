/**
 * The longest the page waits for the fonts of its first screen: `font-display: optional` (libs/ui's fonts.css) gives a
 * font about 100 ms to arrive before the text is painted in its fallback for good.
 */
export const FONT_WAIT_MS = 100;

/** Resolves right after the browser's next frame has been painted (a task after the frame's animation callbacks). */
function nextPaint(): Promise<void> {
  return new Promise((painted) => requestAnimationFrame(() => setTimeout(painted, 0)));
}

/**
 * Resolves once the page as it came has been painted with the fonts of its text: after the first frame (laid out, so
 * the fonts its text uses are loading), once those fonts are in (at most FONT_WAIT_MS later), after the frame that
 * paints the text in them.
 */
export async function afterFirstPaint(): Promise<void> {
  await nextPaint();
  if (document.fonts?.status !== 'loading') return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([document.fonts.ready, new Promise((waited) => (timer = setTimeout(waited, FONT_WAIT_MS)))]);
  clearTimeout(timer);
  await nextPaint();
}
