import { css, type Theme } from '@emotion/react';
import { Button, displayHeading, renderWhenNear, Spinner } from '@grouarock/ui';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { externalLinks } from '../../../lib/external-links';
import { useT } from '../../../lib/i18n';
import { LiveIcon, RadioIcon } from './icons';
import { NewTabHint } from '../../../lib/new-tab-hint';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { useAfterPaint } from '../../../lib/use-after-paint';
import { FeaturedRadio } from '../../radio';
import { LiveSection } from '../../live';
import { stationCountValues, useStationCount } from '../station-count';

/** Below the fold: its own chunk, loaded once the page has painted. */
const FeaturedConcertsList = lazy(() => import('./featured-concerts-list').then((m) => ({ default: m.FeaturedConcertsList })));

/**
 * One above the other: the live section holds the featured concerts' grid and needs the whole width. Laid out once near
 * (its usual height: the featured radio and the live section, one column on a phone).
 */
const sections = (theme: Theme) => css`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${theme.space[4]};
  max-width: 80rem;
  margin: 0 auto;
  padding: ${theme.space[6]} ${theme.space[4]};
  ${renderWhenNear('171rem')}

  ${theme.mq.belowMobile} {
    contain-intrinsic-size: auto 335rem;
  }
`;

const panel = (theme: Theme) => css`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${theme.space[3]};
  padding: ${theme.space[5]};
  border: 2px solid ${theme.colors.border};
  border-top: 4px solid ${theme.colors.accent};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};
  /* The sticky header must not cover the heading when #radio or #streaming is the target. */
  scroll-margin-top: 5rem;

  /* The section's own icon, not the pictures inside it. */
  > svg {
    color: ${theme.colors.accentText};
  }
`;

const heading = (theme: Theme) => css`
  margin: 0;
  ${displayHeading(theme)}
  font-size: ${theme.fontSizes['3xl']};
`;

const text = (theme: Theme) => css`
  margin: 0;
  color: ${theme.colors.textMuted};
`;

const inPlace = css`
  align-self: stretch;
`;

/**
 * A part of the page whose code and texts load on their own: when the reader scrolls near it (`near`), or as soon
 * as the page has painted (the live part, so a stream going live is announced wherever the reader is, and the
 * concerts under it).
 */
function InPlace({ near: whenNear, children }: { near?: boolean; children: ReactNode }) {
  const t = useT();
  const { ref, near } = useNearViewport<HTMLDivElement>();
  const painted = useAfterPaint();
  return (
    <div ref={ref} css={inPlace}>
      {(whenNear ? near : painted) ? <Suspense fallback={<Spinner label={t('common.loading')} />}>{children}</Suspense> : null}
    </div>
  );
}

/**
 * The home page's radio section (#radio: the featured stations, playing in place) and live streaming section
 * (#streaming), each leading further; the live section also shows the legendary concert recordings.
 */
export function HomeSections() {
  const t = useT();
  const stationCount = useStationCount();
  return (
    <div css={sections}>
      <section id="radio" css={panel} aria-labelledby="home-radio">
        <RadioIcon />
        <h2 id="home-radio" css={heading}>
          {t('home.radio.title')}
        </h2>
        <p css={text}>{t('home.radio.text', stationCountValues(stationCount))}</p>
        <InPlace near>
          <FeaturedRadio />
        </InPlace>
        <Button asChild>
          <Link to="/radio">{t('home.radio.cta')}</Link>
        </Button>
      </section>
      <section id="streaming" css={panel} aria-labelledby="home-streaming">
        <LiveIcon />
        <h2 id="home-streaming" css={heading}>
          {t('home.streaming.title')}
        </h2>
        <p css={text}>{t('home.streaming.text')}</p>
        <Button asChild variant="secondary">
          <a href={externalLinks.community} target="_blank" rel="noopener noreferrer">
            {t('home.streaming.cta')}
            <NewTabHint />
          </a>
        </Button>
        <InPlace>
          <LiveSection />
        </InPlace>
        <InPlace>
          <FeaturedConcertsList />
        </InPlace>
      </section>
    </div>
  );
}
