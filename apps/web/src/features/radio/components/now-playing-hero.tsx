import { css, type Theme } from '@emotion/react';
import { Badge } from '@grouarock/ui';
import { useAtomValue } from 'jotai';
import { useT } from '../../../lib/i18n';
import { deckStateAtom, nowPlayingLine } from '../atoms';
import { useCurrentNowPlaying, useCurrentStation } from '../hooks';

const hero = (theme: Theme) => css`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[2]};
  min-height: 10rem;
  padding: ${theme.space[5]};
  border-radius: ${theme.radii.lg};
  background-color: ${theme.colors.surfaceRaised};
  color: ${theme.colors.text};
  text-shadow: 0 1px 3px rgb(0 0 0 / 80%);
`;

const label = (theme: Theme) => css`
  margin: 0;
  font-size: ${theme.fontSizes.sm};
  text-transform: uppercase;
  letter-spacing: 0.08em;
`;

const name = (theme: Theme) => css`
  margin: 0;
  font-family: ${theme.fonts.display};
  font-size: ${theme.fontSizes['3xl']};
  font-weight: normal;
`;

const track = (theme: Theme) => css`
  margin: 0;
  font-size: ${theme.fontSizes.lg};
  font-weight: ${theme.fontWeights.bold};
`;

/** The current station and what it plays: the track, else its program, else just its name (never invented). */
export function NowPlayingHero() {
  const t = useT();
  const station = useCurrentStation();
  const nowPlaying = useCurrentNowPlaying();
  const state = useAtomValue(deckStateAtom);
  const line = nowPlayingLine(nowPlaying);
  const program = nowPlaying?.program ?? station?.program?.program ?? null;
  return (
    <section
      css={hero}
      style={station ? { backgroundImage: `linear-gradient(rgb(0 0 0 / 55%), rgb(0 0 0 / 55%)), ${station.gradient}` } : undefined}
      aria-labelledby="radio-hero-label"
      data-testid="now-playing-hero"
    >
      <p id="radio-hero-label" css={label}>
        {t('radio.hero.label')} {state === 'playing' && <Badge tone="live">{t('radio.status.onAir')}</Badge>}
      </p>
      {station ? (
        <>
          <h2 css={name}>{station.name}</h2>
          <p css={track} aria-live="polite" data-testid="now-playing-track">
            {line ? ('artist' in line ? t('radio.hero.track', { artist: line.artist, title: line.title }) : line.title) : station.name}
          </p>
          {program && <p css={label}>{t('radio.hero.program', { program })}</p>}
        </>
      ) : (
        <p css={track}>{t('radio.hero.noStation')}</p>
      )}
    </section>
  );
}
