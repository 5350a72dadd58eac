import { css, type Theme } from '@emotion/react';
import { CountryMark } from '@grouarock/ui';
import { useAtomValue } from 'jotai';
import { useDeferredValue, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../../../lib/i18n';
import type { StationDto } from '../api/stations';
import { useAuth } from '../../auth';
import { useLikedStations } from '../api/likes';
import { NO_STATIONS, useStations } from '../api/stations';
import { currentStationIdAtom, groupByCountry } from '../atoms';
import { isLocked, useListenerLimits } from '../station-access';
import { usePlay } from '../use-player-actions';
import { LockIcon } from './premium-lock';

const panel = (theme: Theme) => css`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[4]};
  padding: ${theme.space[4]};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};
  max-height: calc(100vh - 12rem);
  overflow-y: auto;
  position: sticky;
  top: 5rem;

  ${theme.mq.belowMobile} {
    display: none;
  }
`;

const heading = (theme: Theme) => css`
  margin: 0 0 ${theme.space[2]};
  font-size: ${theme.fontSizes.sm};
  text-transform: uppercase;
  letter-spacing: 0.08em;
  color: ${theme.colors.textMuted};
`;

/** A country's heading: its mark (decorative), then its name, which is the heading's accessible name. */
const countryHeading = (theme: Theme) => css`
  display: flex;
  align-items: center;
  gap: ${theme.space[2]};
`;

const list = css`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const item = (theme: Theme) => css`
  width: 100%;
  padding: ${theme.space[1]} ${theme.space[2]};
  border: 0;
  border-radius: ${theme.radii.sm};
  background: transparent;
  color: ${theme.colors.text};
  font: inherit;
  text-align: left;
  cursor: pointer;

  &:hover {
    background: ${theme.colors.surfaceRaised};
  }
  &[aria-current='true'] {
    color: ${theme.colors.secondary};
    font-weight: ${theme.fontWeights.bold};
  }
`;

/** A locked station: a link to the plans, the lock and "Premium" after its name. */
const lockedItem = (theme: Theme) => css`
  display: flex;
  align-items: center;
  gap: ${theme.space[1]};
  color: ${theme.colors.textMuted};
  text-decoration: none;

  & > small {
    display: inline-flex;
    align-items: center;
    gap: 0.2em;
    margin-left: auto;
  }
`;

/** One station of the library: plays it, or (a premium station the plan does not open) links to /subscription. */
function StationEntry({ station, current }: { station: StationDto; current: boolean }) {
  const t = useT();
  const play = usePlay();
  if (isLocked(station, useListenerLimits(station.plan === 'premium'))) {
    return (
      <Link to="/subscription" css={[item, lockedItem]} aria-label={t('radio.station.locked', { name: station.name })}>
        {station.name}
        <small>
          <LockIcon />
          {t('radio.station.premium')}
        </small>
      </Link>
    );
  }
  return (
    <button type="button" css={item} aria-current={current} onClick={() => play(station)}>
      {station.name}
    </button>
  );
}

function StationList({ stations }: { stations: StationDto[] }) {
  const current = useAtomValue(currentStationIdAtom);
  return (
    <ul css={list}>
      {stations.map((station) => (
        <li key={station.id}>
          <StationEntry station={station} current={station.id === current} />
        </li>
      ))}
    </ul>
  );
}

/** Desktop only: the favourites and every station grouped by country (its mark, a flag or its code, and its name). */
export function LibraryPanel() {
  const t = useT();
  // A render after the stations come, like the grid's (station-grid.tsx): the screen's first paint with them does not wait for the lists.
  const stations = useDeferredValue(useStations().data ?? NO_STATIONS);
  const favouriteIds = useLikedStations(useAuth().user?.id ?? null);
  const favourites = useMemo(() => stations.filter((s) => favouriteIds.includes(s.id)), [stations, favouriteIds]);
  const groups = useMemo(() => groupByCountry(stations), [stations]);
  const muted = (theme: Theme) => css`
    margin: 0;
    color: ${theme.colors.textMuted};
    font-size: ${theme.fontSizes.sm};
  `;
  return (
    <aside css={panel} aria-label={t('radio.library.label')} data-testid="library-panel">
      <section aria-labelledby="radio-favourites">
        <h2 id="radio-favourites" css={heading}>
          {t('radio.library.favourites')}
        </h2>
        {favourites.length > 0 ? <StationList stations={favourites} /> : <p css={muted}>{t('radio.library.favouritesEmpty')}</p>}
      </section>
      <section aria-labelledby="radio-by-country">
        <h2 id="radio-by-country" css={heading}>
          {t('radio.library.byCountry')}
        </h2>
        {groups.map((group) => (
          <section key={group.code} aria-label={group.name}>
            <h3 css={[heading, countryHeading]}>
              <CountryMark code={group.code} />
              {group.name}
            </h3>
            <StationList stations={group.stations} />
          </section>
        ))}
      </section>
    </aside>
  );
}
