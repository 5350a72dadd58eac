import { css, type Theme } from '@emotion/react';
import { Select, TextField } from '@grouarock/ui';
import { useAtom } from 'jotai';
import { useMemo } from 'react';
import { useT } from '../../../lib/i18n';
import type { Genre } from '../api/stations';
import { filtersAtom, genresOf, groupByCountry } from '../atoms';
import { NO_STATIONS, useStations } from '../api/stations';

const row = (theme: Theme) => css`
  display: grid;
  grid-template-columns: 2fr 1fr 1fr;
  gap: ${theme.space[3]};
  align-items: end;

  ${theme.mq.belowMobile} {
    grid-template-columns: 1fr 1fr;
    & > :first-of-type {
      grid-column: 1 / -1;
    }
  }
`;

const ALL = 'all';

/** Search text, genre and country. */
export function StationFilters() {
  const t = useT();
  const { data: stations = NO_STATIONS } = useStations();
  const [filters, setFilters] = useAtom(filtersAtom);
  const genreOptions = useMemo(
    () => [{ value: ALL, label: t('radio.filters.allGenres') }, ...genresOf(stations).map((g) => ({ value: g, label: t(`radio.genre.${g}`) }))],
    [stations, t],
  );
  const countryOptions = useMemo(
    () => [
      { value: ALL, label: t('radio.filters.allCountries') },
      // The browser's own select shows text only: the name, with no emoji flag (one draws as boxes or letters on many systems).
      ...groupByCountry(stations).map((c) => ({ value: c.code, label: c.name })),
    ],
    [stations, t],
  );
  return (
    <div css={row} role="search" aria-label={t('radio.filters.label')}>
      <TextField
        type="search"
        label={t('radio.filters.search')}
        placeholder={t('radio.filters.searchPlaceholder')}
        value={filters.query}
        onChange={(event) => setFilters((f) => ({ ...f, query: event.target.value }))}
      />
      <Select
        label={t('radio.filters.genre')}
        options={genreOptions}
        value={filters.genre || ALL}
        onValueChange={(value) => setFilters((f) => ({ ...f, genre: value === ALL ? '' : (value as Genre) }))}
      />
      <Select
        label={t('radio.filters.country')}
        options={countryOptions}
        value={filters.country || ALL}
        onValueChange={(value) => setFilters((f) => ({ ...f, country: value === ALL ? '' : value }))}
      />
    </div>
  );
}
