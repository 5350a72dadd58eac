import { css, type Theme } from '@emotion/react';
import { Button, Spinner } from '@grouarock/ui';
import { useAtomValue } from 'jotai';
import { useT } from '../../../lib/i18n';
import { useRadioPass } from '../api/radio-pass';
import { useStations } from '../api/stations';
import { currentStationIdAtom, deckStateAtom } from '../atoms';
import { useDefaultStation, useNowPlayingPush } from '../hooks';
import { RadioControllerProvider } from '../radio-context';
import { usePlayerActions } from '../use-player-actions';
import { PlayerBar } from './player-bar';
import { StationCard, stationGrid } from './station-grid';

/** How many featured stations the home page offers. */
export const FEATURED_ON_HOME = 4;

const stack = (theme: Theme) => css`
  display: grid;
  gap: ${theme.space[4]};
`;

const state = (theme: Theme) => css`
  display: grid;
  justify-items: start;
  gap: ${theme.space[3]};
  color: ${theme.colors.textMuted};
`;

function FeaturedStations() {
  const t = useT();
  const actions = usePlayerActions();
  const { data: stations, error, isLoading, mutate } = useStations();
  const current = useAtomValue(currentStationIdAtom);
  const deck = useAtomValue(deckStateAtom);
  useDefaultStation();
  useNowPlayingPush();
  useRadioPass();

  if (isLoading || !stations) {
    if (!error || isLoading) return <Spinner label={t('radio.stations.loading')} />;
    return (
      <div css={state} role="alert">
        <p>{t('radio.stations.error')}</p>
        <Button onClick={() => void mutate()}>{t('radio.stations.retry')}</Button>
      </div>
    );
  }
  const featured = stations.filter((station) => station.featured).slice(0, FEATURED_ON_HOME);
  return (
    <div css={stack}>
      <ul css={stationGrid} aria-label={t('radio.featured.label')}>
        {featured.map((station) => (
          <li key={station.id}>
            <StationCard station={station} current={station.id === current} />
          </li>
        ))}
      </ul>
      {/* The same player bar as /radio, in place, once something was played here. */}
      {deck === 'stopped' ? null : <PlayerBar actions={actions} inline />}
    </div>
  );
}

/**
 * The home page's radio section: the featured stations, playing in place through the same player as /radio (a
 * RadioController of its own, released when the page is left).
 */
export default function FeaturedRadio() {
  return (
    <RadioControllerProvider>
      <FeaturedStations />
    </RadioControllerProvider>
  );
}
