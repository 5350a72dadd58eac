import { css, type Theme } from '@emotion/react';
import { Button, displayHeading, Spinner } from '@grouarock/ui';
import { Suspense } from 'react';
import { Link } from 'react-router-dom';
import { externalLinks } from '../../../lib/external-links';
import { useT } from '../../../lib/i18n';
import { FeaturedConcertsList } from './featured-concerts-list';
import { LiveIcon, RadioIcon } from './icons';
import { NewTabHint } from '../../../lib/new-tab-hint';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { FeaturedRadio } from '../../radio';

/** One above the other: the live section holds the featured concerts' grid and needs the whole width. */
const sections = (theme: Theme) => css`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${theme.space[4]};
  max-width: 80rem;
  margin: 0 auto;
  padding: ${theme.space[6]} ${theme.space[4]};
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

/** The featured stations and the player: their code and texts load as the reader scrolls near them. */
function RadioInPlace() {
  const t = useT();
  const { ref, near } = useNearViewport<HTMLDivElement>();
  return (
    <div ref={ref} css={inPlace}>
      {near ? (
        <Suspense fallback={<Spinner label={t('common.loading')} />}>
          <FeaturedRadio />
        </Suspense>
      ) : null}
    </div>
  );
}

/**
 * The home page's radio section (#radio: the featured stations, playing in place) and live streaming section
 * (#streaming), each leading further; the live section also shows the legendary concert recordings.
 */
export function HomeSections() {
  const t = useT();
  return (
    <div css={sections}>
      <section id="radio" css={panel} aria-labelledby="home-radio">
        <RadioIcon />
        <h2 id="home-radio" css={heading}>
          {t('home.radio.title')}
        </h2>
        <p css={text}>{t('home.radio.text')}</p>
        <RadioInPlace />
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
        <FeaturedConcertsList />
      </section>
    </div>
  );
}
