import { css, type Theme } from '@emotion/react';
import type { MessageId } from '@grouarock/i18n';
import type { ReactNode } from 'react';
import { useT } from '../../../lib/i18n';
import { useStationCount } from '../station-count';
import { MusicianIcon } from './icons';

const list = (theme: Theme) => css`
  display: grid;
  grid-template-columns: repeat(4, 1fr);
  gap: ${theme.space[4]};
  max-width: 80rem;
  margin: 0 auto;
  padding: ${theme.space[6]} ${theme.space[4]};
  list-style: none;

  ${theme.mq.belowMobile} {
    grid-template-columns: 1fr 1fr;
  }
`;

const item = (theme: Theme) => css`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${theme.space[2]};
  padding: ${theme.space[4]};
  border: 2px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};
  text-align: center;
`;

const value = (theme: Theme) => css`
  /* A line high even while empty (the station count before the catalogue is in): the tile keeps its height. */
  min-height: 1em;
  color: ${theme.colors.secondary};
  font-family: ${theme.fonts.display};
  font-size: ${theme.fontSizes['4xl']};
  line-height: 1;
`;

const label = (theme: Theme) => css`
  color: ${theme.colors.textMuted};
  font-weight: ${theme.fontWeights.bold};
`;

/**
 * Values only where the product gives them; the musicians' count is not known, so it shows an icon instead of a number.
 * The stations' is the catalogue's (../station-count.tsx).
 */
const stats: { value: MessageId | null; label: MessageId }[] = [
  { value: null, label: 'home.stats.musicians' },
  { value: 'home.stats.stationsValue', label: 'home.stats.stations' },
  { value: 'home.stats.streamingValue', label: 'home.stats.streaming' },
  { value: 'home.stats.possibilitiesValue', label: 'home.stats.possibilities' },
];

export function StatsSection() {
  const t = useT();
  const stationCount = useStationCount();
  const valueOf = (id: MessageId | null): ReactNode => {
    if (!id) return <MusicianIcon />;
    if (id !== 'home.stats.stationsValue') return t(id);
    return stationCount === undefined ? null : t(id, { count: stationCount });
  };
  return (
    <ul css={list} aria-label={t('home.stats.label')}>
      {stats.map((stat) => (
        <li key={stat.label} css={item}>
          <span css={value}>{valueOf(stat.value)}</span>
          <span css={label}>{t(stat.label)}</span>
        </li>
      ))}
    </ul>
  );
}
