import { css, type Theme } from '@emotion/react';
import { IconButton, mq } from '@grouarock/ui';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n';
import type { EventDto } from '../api/events';
import { cardsPerView, carouselPages, loopPage } from '../carousel-pages';
import { useCarouselAutoplay } from '../use-carousel-autoplay';
import { mediaQuery, useMediaQuery } from '../use-media-query';
import { EventCard } from './event-card';
import { NextIcon, PreviousIcon } from './icons';

const viewport = css`
  overflow: hidden;
`;

const track = (theme: Theme) => css`
  display: flex;
  transition: transform ${theme.motion.durations.slow} ${theme.motion.easings.out};

  ${theme.mq.reducedMotion} {
    transition: none;
  }
`;

const slide = (theme: Theme) => css`
  flex: none;
  box-sizing: border-box;
  padding: ${theme.space[2]};
`;

const controls = (theme: Theme) => css`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${theme.space[3]};
  margin-top: ${theme.space[3]};
`;

const dots = (theme: Theme) => css`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${theme.space[1]};
`;

/** A 24 px target (44 px on touch screens) around a small visible dot. */
const dot = (theme: Theme) => css`
  display: grid;
  place-items: center;
  width: 1.5rem;
  height: 1.5rem;
  padding: 0;
  border: 0;
  border-radius: ${theme.radii.round};
  background: transparent;
  cursor: pointer;

  &::before {
    content: '';
    width: 0.75rem;
    height: 0.75rem;
    border: 2px solid ${theme.colors.borderStrong};
    border-radius: ${theme.radii.round};
    transition: background-color ${theme.motion.durations.fast} ease;
  }

  &[aria-current='true']::before {
    border-color: ${theme.colors.secondary};
    background: ${theme.colors.secondary};
  }

  &:focus-visible {
    outline: 3px solid ${theme.colors.focusRing};
    outline-offset: 1px;
  }

  ${theme.mq.coarsePointer} {
    width: ${theme.touchTarget};
    height: ${theme.touchTarget};
  }
`;

/** How many cards fit, following the theme's breakpoints. */
function usePerView(): number {
  const mobile = useMediaQuery(mediaQuery(mq.belowMobile));
  const belowLarge = useMediaQuery(mediaQuery(mq.below('lg')));
  return cardsPerView(mobile, belowLarge);
}

/**
 * The events in an accessible, looping carousel: 1 card per view on mobile, 2 or 3 on wider screens; previous and
 * next buttons, one button per page, arrow keys while a control has focus; cards out of view are inert. On
 * mobile it turns by itself every 4000 ms until the first interaction (see useCarouselAutoplay).
 */
export function EventsCarousel({ events }: { events: EventDto[] }) {
  const t = useT();
  const trackId = useId();
  const region = useRef<HTMLElement>(null);
  const perView = usePerView();
  const pages = carouselPages(events.length, perView);
  const [requested, setPage] = useState(0);
  // The window may have grown since: stay within the pages there are now.
  const page = Math.min(requested, pages.length - 1);
  const { first, last } = pages[page];
  const shown = last - first + 1;

  const next = useCallback(() => setPage((p) => loopPage(Math.min(p, pages.length - 1), 1, pages.length)), [pages.length]);
  const previous = useCallback(() => setPage((p) => loopPage(Math.min(p, pages.length - 1), -1, pages.length)), [pages.length]);
  const autoplaying = useCarouselAutoplay(region, next, pages.length > 1);

  // Arrow keys turn the carousel while one of its controls (not a card's link) has focus.
  useEffect(() => {
    const element = region.current;
    if (!element) return;
    const onKey = (event: KeyboardEvent) => {
      if (!(event.target instanceof Element) || event.target.closest('[data-slide]')) return;
      if (event.key === 'ArrowRight') next();
      else if (event.key === 'ArrowLeft') previous();
      else return;
      event.preventDefault();
    };
    element.addEventListener('keydown', onKey);
    return () => element.removeEventListener('keydown', onKey);
  }, [next, previous]);

  return (
    <section ref={region} aria-roledescription={t('events.carousel.roleDescription')} aria-label={t('events.carousel.label')}>
      <div css={viewport}>
        <div
          id={trackId}
          css={track}
          style={{ transform: `translateX(-${(first * 100) / shown}%)` }}
          // Announce the newly shown cards, but not every turn of the autoplay.
          aria-live={autoplaying ? 'off' : 'polite'}
        >
          {events.map((event, index) => {
            const visible = index >= first && index <= last;
            return (
              <div
                key={event.id}
                css={slide}
                style={{ width: `${100 / shown}%` }}
                role="group"
                aria-roledescription={t('events.carousel.slideRoleDescription')}
                aria-label={t('events.carousel.slideLabel', { index: index + 1, total: events.length })}
                data-slide
                inert={!visible}
              >
                <EventCard event={event} />
              </div>
            );
          })}
        </div>
      </div>
      {pages.length > 1 ? (
        <div css={controls}>
          <IconButton label={t('events.carousel.previous')} aria-controls={trackId} onClick={previous}>
            <PreviousIcon />
          </IconButton>
          <div css={dots} role="group" aria-label={t('events.carousel.pages')}>
            {pages.map((p, index) => (
              <button
                key={p.first}
                type="button"
                css={dot}
                aria-controls={trackId}
                aria-current={index === page ? 'true' : undefined}
                aria-label={
                  p.first === p.last
                    ? t('events.carousel.showOne', { index: p.first + 1, total: events.length })
                    : t('events.carousel.showRange', { from: p.first + 1, to: p.last + 1, total: events.length })
                }
                onClick={() => setPage(index)}
              />
            ))}
          </div>
          <IconButton label={t('events.carousel.next')} aria-controls={trackId} onClick={next}>
            <NextIcon />
          </IconButton>
        </div>
      ) : null}
    </section>
  );
}
