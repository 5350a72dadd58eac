import { css, type Theme } from '@emotion/react';
import { Card, displayHeading } from '@grouarock/ui';
import { useIntl } from 'react-intl';
import { useT } from '../../../lib/i18n';
import { NewTabHint } from '../../../lib/new-tab-hint';
import { concertYear, featuredConcerts, watchUrl, type FeaturedConcert } from '../featured-concerts';
import { coveringLink } from './covering-link';

/** A concert's day: a plain calendar date, shown as it is wherever the visitor is (hence UTC). */
const dateFormat = { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' } as const;

/**
 * Each card's own stage-light gradient, from the theme's colours (we show no photos of the bands). The dark scrim
 * on top keeps the year readable whatever the colours under it.
 */
const gradients: readonly ((c: Theme['colors']) => string)[] = [
  (c) => `linear-gradient(135deg, ${c.accent} 0%, ${c.accentHover} 40%, ${c.bg} 100%)`,
  (c) => `linear-gradient(160deg, ${c.secondary} 0%, ${c.accent} 55%, ${c.bg} 100%)`,
  (c) => `linear-gradient(120deg, ${c.info} 0%, ${c.surfaceRaised} 60%, ${c.bg} 100%)`,
  (c) => `linear-gradient(200deg, ${c.accentText} 0%, ${c.danger} 50%, ${c.bg} 100%)`,
  (c) => `linear-gradient(45deg, ${c.bg} 0%, ${c.danger} 45%, ${c.secondary} 100%)`,
  (c) => `linear-gradient(150deg, ${c.success} 0%, ${c.surfaceRaised} 55%, ${c.bg} 100%)`,
  (c) => `linear-gradient(100deg, ${c.bg} 0%, ${c.accent} 55%, ${c.secondaryHover} 100%)`,
];

const block = (theme: Theme) => css`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[3]};
  /* The panel around lines its children up at the start; this block takes its whole width. */
  align-self: stretch;
  margin-top: ${theme.space[4]};
`;

const heading = (theme: Theme) => css`
  margin: 0;
  ${displayHeading(theme)}
  font-size: ${theme.fontSizes['2xl']};
`;

const intro = (theme: Theme) => css`
  margin: 0;
  color: ${theme.colors.textMuted};
`;

/** 3 columns on desktop, 2 on tablets, 1 on phones; the first entry spans the whole row. */
const list = (theme: Theme) => css`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: ${theme.space[4]};
  margin: 0;
  padding: 0;
  list-style: none;

  ${theme.mq.below('lg')} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }

  ${theme.mq.below('sm')} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const card = css`
  overflow: hidden;
`;

/** The first entry: the whole row; from tablets up its picture and its text side by side. */
const largeCard = (theme: Theme) => css`
  grid-column: 1 / -1;

  ${theme.mq.mobileUp} {
    display: grid;
    grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
    gap: 0;
  }
`;

const visual = (theme: Theme, index: number, large: boolean) => css`
  position: relative;
  display: flex;
  align-items: center;
  justify-content: center;
  aspect-ratio: 16 / 9;
  background:
    linear-gradient(to top, rgba(11, 10, 13, 0.85) 0%, rgba(11, 10, 13, 0) 55%),
    ${gradients[index % gradients.length](theme.colors)};
  color: ${theme.colors.text};

  svg {
    color: ${theme.colors.text};
    width: ${large ? '5rem' : '3.5rem'};
    height: ${large ? '5rem' : '3.5rem'};
    filter: drop-shadow(0 2px 6px rgba(0, 0, 0, 0.6));
    transition: transform ${theme.motion.durations.base} ${theme.motion.easings.out};
  }

  li:hover & svg,
  li:focus-within & svg {
    transform: scale(1.08);
  }

  ${theme.mq.reducedMotion} {
    svg {
      transition: none;
    }
  }
`;

const year = (theme: Theme, large: boolean) => css`
  position: absolute;
  bottom: ${theme.space[2]};
  left: ${theme.space[3]};
  font-family: ${theme.fonts.display};
  font-size: ${large ? 'clamp(3rem, 9vw, 6.5rem)' : theme.fontSizes['5xl']};
  line-height: ${theme.lineHeights.tight};
  letter-spacing: ${theme.letterSpacings.display};
  text-shadow: 3px 3px 0 #000;
`;

const body = (theme: Theme, large: boolean) => css`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[2]};
  padding: ${large ? theme.space[5] : theme.space[4]};
`;

const cardTitle = css`
  margin: 0;
`;

/** The whole card is the link's target. */
const link = (theme: Theme) => css`
  ${coveringLink(theme, '-3px')};
  display: flex;
  flex-direction: column;
  gap: ${theme.space[1]};
`;

const artist = (theme: Theme) => css`
  color: ${theme.colors.accentText};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.bold};
  letter-spacing: ${theme.letterSpacings.wide};
  text-transform: uppercase;
`;

const title = (theme: Theme, large: boolean) => css`
  ${displayHeading(theme)}
  font-size: ${large ? theme.fontSizes['4xl'] : theme.fontSizes['2xl']};
  line-height: ${theme.lineHeights.snug};
`;

const meta = (theme: Theme) => css`
  margin: 0;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

const description = css`
  margin: 0;
`;

const watch = (theme: Theme) => css`
  margin-top: auto;
  padding-top: ${theme.space[2]};
  color: ${theme.colors.secondary};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
`;

/** A play button drawn for the card's picture (decorative: the link says where it goes). */
function PlayGlyph() {
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="22" fill="rgba(11, 10, 13, 0.55)" stroke="currentColor" strokeWidth="2.5" />
      <path d="M19 15.5v17l14-8.5Z" fill="currentColor" />
    </svg>
  );
}

function ConcertCard({ concert, index }: { concert: FeaturedConcert; index: number }) {
  const t = useT();
  const intl = useIntl();
  const large = index === 0;
  return (
    <Card as="li" padding="none" interactive css={[card, large && largeCard]} data-size={large ? 'large' : 'regular'}>
      <div css={(theme) => visual(theme, index, large)} aria-hidden="true">
        <PlayGlyph />
        <span css={(theme) => year(theme, large)}>{concertYear(concert)}</span>
      </div>
      <div css={(theme) => body(theme, large)}>
        <h4 css={cardTitle}>
          <a href={watchUrl(concert)} target="_blank" rel="noopener noreferrer" css={link}>
            <span css={artist}>{concert.artist}</span>{' '}
            <span css={(theme) => title(theme, large)}>{concert.title}</span>
            <NewTabHint />
          </a>
        </h4>
        <p css={meta}>
          {t('home.concerts.place', { venue: concert.venue, city: t(concert.city) })}
          <br />
          <time dateTime={concert.date}>{intl.formatDate(concert.date, dateFormat)}</time>
        </p>
        <p css={description}>{t(concert.description)}</p>
        <span css={watch}>{t('home.concerts.watch')}</span>
      </div>
    </Card>
  );
}

/** The #streaming section's 7 legendary concert recordings, the first one large; each link searches YouTube. */
export function FeaturedConcertsList({ concerts = featuredConcerts }: { concerts?: readonly FeaturedConcert[] }) {
  const t = useT();
  return (
    <div css={block}>
      <h3 id="home-concerts" css={heading}>
        {t('home.concerts.title')}
      </h3>
      <p css={intro}>{t('home.concerts.text')}</p>
      <ul css={list} aria-labelledby="home-concerts">
        {concerts.map((concert, index) => (
          <ConcertCard key={concert.id} concert={concert} index={index} />
        ))}
      </ul>
    </div>
  );
}
