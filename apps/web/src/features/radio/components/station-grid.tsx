import { css, type Theme } from '@emotion/react';
import { Badge, Button, CountryMark, Spinner } from '@grouarock/ui';
import { useAtom, useAtomValue } from 'jotai';
import { useDeferredValue, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../../../lib/i18n';
import type { StationDto } from '../api/stations';
import { useRadioPass } from '../api/radio-pass';
import { useStations } from '../api/stations';
import { currentStationIdAtom, emptyFilters, filterStations, filtersAtom, hasFilters } from '../atoms';
import { isLocked, useListenerLimits } from '../station-access';
import { usePlay } from '../use-player-actions';
import { LockIcon } from './premium-lock';

/** 2, 3 or 4 columns by width (also the featured stations on the home page). */
export const stationGrid = (theme: Theme) => css`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${theme.space[3]};
  margin: 0;
  padding: 0;
  list-style: none;

  ${theme.mq.up('lg')} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
  ${theme.mq.up('xl')} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

const card = (theme: Theme) => css`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${theme.space[1]};
  width: 100%;
  height: 100%;
  min-height: 7.5rem;
  padding: ${theme.space[3]};
  border: 2px solid transparent;
  border-radius: ${theme.radii.lg};
  color: ${theme.colors.text};
  font: inherit;
  text-align: left;
  text-shadow: 0 1px 3px rgb(0 0 0 / 90%);
  cursor: pointer;
  text-decoration: none;

  &[aria-current='true'] {
    border-color: ${theme.colors.secondary};
  }
  &:hover {
    filter: brightness(1.15);
  }
  &:focus-visible {
    outline: 2px solid ${theme.colors.secondary};
    outline-offset: 2px;
  }
`;

const stationName = (theme: Theme) => css`
  font-weight: ${theme.fontWeights.bold};
  font-size: ${theme.fontSizes.lg};
  overflow-wrap: anywhere;
`;

const meta = (theme: Theme) => css`
  font-size: ${theme.fontSizes.sm};
`;

/** The country's mark and name on one line; a long name wraps beside the mark, never under it. */
const countryLine = css`
  display: flex;
  align-items: center;
  gap: 0.4em;
  min-width: 0;
  overflow-wrap: anywhere;
`;

const topBadge = css`
  position: absolute;
  top: 0.5rem;
  right: 0.5rem;
`;

/** Below the card's lines, so it never covers them on a narrow card. */
const lockBadge = css`
  align-self: flex-start;
  margin-top: auto;
  display: inline-flex;
  align-items: center;
  gap: 0.25rem;
`;

const state = (theme: Theme) => css`
  display: grid;
  justify-items: center;
  gap: ${theme.space[3]};
  padding: ${theme.space[6]} 0;
  color: ${theme.colors.textMuted};
`;

/** What a station card shows inside: its badges, name, country, genres and listeners. */
function StationCardBody({ station, locked }: { station: StationDto; locked: boolean }) {
  const t = useT();
  return (
    <>
      {station.featured && (
        <Badge tone="accent" css={topBadge}>
          {t('radio.station.top')}
        </Badge>
      )}
      <span css={stationName}>{station.name}</span>
      <span css={[meta, countryLine]}>
        <CountryMark code={station.country.code} />
        <span>{station.country.name}</span>
      </span>
      <span css={meta}>{station.genres.map((g) => t(`radio.genre.${g}`)).join(' · ')}</span>
      <span css={meta}>{t('radio.station.listeners', { count: station.listeners })}</span>
      {locked && (
        <Badge tone="accent" css={lockBadge} data-testid="station-lock">
          <LockIcon />
          {t('radio.station.premium')}
        </Badge>
      )}
    </>
  );
}

/**
 * A station as a card that plays it when pressed (the grid on /radio, the featured stations on the home page). A
 * premium station the listener's plan does not open is a link to /subscription instead, with a lock and "Premium".
 */
export function StationCard({ station, current }: { station: StationDto; current: boolean }) {
  const t = useT();
  const play = usePlay();
  const locked = isLocked(station, useListenerLimits(station.plan === 'premium'));
  const background = { backgroundImage: `linear-gradient(rgb(0 0 0 / 45%), rgb(0 0 0 / 65%)), ${station.gradient}` };
  if (locked) {
    return (
      <Link to="/subscription" css={card} style={background} aria-label={t('radio.station.locked', { name: station.name })} data-locked="true">
        <StationCardBody station={station} locked />
      </Link>
    );
  }
  return (
    <button type="button" css={card} style={background} aria-current={current} aria-label={t('radio.station.play', { name: station.name })} onClick={() => play(station)}>
      <StationCardBody station={station} locked={false} />
    </button>
  );
}

/** Every station (as filtered) in 2, 3 or 4 columns by width, with its loading, error and empty states. */
export function StationGrid() {
  const t = useT();
  useRadioPass();
  const { data: loaded, error, isLoading, mutate } = useStations();
  // The cards follow the stations a render later, after the screen has painted what they brought in above (the
  // now-playing hero): sixty cards are the longest render of /radio, on a slow phone a few hundred milliseconds.
  const stations = useDeferredValue(loaded);
  const [filters, setFilters] = useAtom(filtersAtom);
  const current = useAtomValue(currentStationIdAtom);
  const visible = useMemo(() => (stations ? filterStations(stations, filters) : []), [stations, filters]);

  if (isLoading || (!stations && !error)) {
    return (
      <div css={state}>
        <Spinner label={t('radio.stations.loading')} />
      </div>
    );
  }
  if (!stations) {
    return (
      <div css={state} role="alert">
        <p>{t('radio.stations.error')}</p>
        <Button onClick={() => void mutate()}>{t('radio.stations.retry')}</Button>
      </div>
    );
  }
  return (
    <section aria-labelledby="radio-all-stations">
      <h2 id="radio-all-stations">
        {t('radio.stations.title')} <small>{t('radio.stations.count', { count: visible.length })}</small>
      </h2>
      {visible.length === 0 ? (
        <div css={state}>
          <p>{t('radio.stations.empty')}</p>
          {hasFilters(filters) && (
            <Button variant="secondary" onClick={() => setFilters(emptyFilters)}>
              {t('radio.stations.clearFilters')}
            </Button>
          )}
        </div>
      ) : (
        <ul css={stationGrid} data-testid="station-grid">
          {visible.map((station) => (
            <li key={station.id}>
              <StationCard station={station} current={station.id === current} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
