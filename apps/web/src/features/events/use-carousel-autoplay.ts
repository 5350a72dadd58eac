import { mq } from '@grouarock/ui';
import { type RefObject, useEffect, useEffectEvent, useState } from 'react';
import { createAutoplay } from './carousel-autoplay';
import { mediaQuery, useMediaQuery } from './use-media-query';

/** Any of these inside the carousel is an interaction that stops autoplay for good. */
export const interactionEvents = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel'] as const;

/**
 * Autoplay of the events carousel (every 4000 ms, looping, mobile only, stops on interaction): runs only below
 * the mobile breakpoint and without prefers-reduced-motion, pauses while the tab is hidden, and stops for good on
 * the first interaction with `container`. Returns whether it is running now.
 */
export function useCarouselAutoplay(container: RefObject<HTMLElement | null>, advance: () => void, available: boolean): boolean {
  const mobile = useMediaQuery(mediaQuery(mq.belowMobile));
  const reducedMotion = useMediaQuery(mediaQuery(mq.reducedMotion));
  const [interacted, setInteracted] = useState(false);
  const [running, setRunning] = useState(false);
  const onTurn = useEffectEvent(advance);
  const enabled = available && mobile && !reducedMotion && !interacted;

  useEffect(() => {
    const element = container.current;
    if (!enabled || !element) return;
    const autoplay = createAutoplay(() => onTurn(), { onChange: setRunning });
    const syncHidden = () => autoplay.setHidden(document.hidden);
    const stop = () => {
      autoplay.stop();
      setInteracted(true);
    };
    syncHidden();
    autoplay.setEnabled(true);
    document.addEventListener('visibilitychange', syncHidden);
    for (const type of interactionEvents) element.addEventListener(type, stop, { passive: true });
    return () => {
      // Unmounting, a wider window or StrictMode's rehearsal: not an interaction, so it may start again.
      autoplay.setEnabled(false);
      document.removeEventListener('visibilitychange', syncHidden);
      for (const type of interactionEvents) element.removeEventListener(type, stop);
    };
  }, [enabled, container]);

  return running;
}
