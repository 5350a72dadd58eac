import { css, type Theme } from '@emotion/react';
import { Badge, Card } from '@grouarock/ui';
import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { useWeeklyTop, WEEKLY_TOP_REFRESH_MS } from '../api/weekly-top';
import { periodCountdown } from '../atoms';

const SHOWN = 5;

const list = (theme: Theme) => css`
  display: grid;
  gap: ${theme.space[1]};
  margin: 0;
  padding: 0;
  list-style: none;
  & > li {
    display: flex;
    justify-content: space-between;
    gap: ${theme.space[2]};
  }
`;

const heading = (theme: Theme) => css`
  margin: 0 0 ${theme.space[3]};
  font-size: ${theme.fontSizes.lg};
`;

/** "Nd Hh", "Hh" or "Wygasłe" for the period's end. */
export function useCountdownLabel(endsAt: string | null): string | null {
  const t = useT();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), WEEKLY_TOP_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  if (!endsAt) return null;
  const countdown = periodCountdown(endsAt, now);
  switch (countdown.kind) {
    case 'days':
      return t('radio.top.countdownDays', { days: countdown.days, hours: countdown.hours });
    case 'hours':
      return t('radio.top.countdownHours', { hours: countdown.hours });
    case 'expired':
      return t('radio.top.expired');
  }
}

/** This week's top 5 (of the 10 the API returns) and the featured station with its countdown. */
export function WeeklyTop() {
  const t = useT();
  const { data: top } = useWeeklyTop();

  const countdown = useCountdownLabel(top?.periodEndsAt ?? null);
  const entries = top?.stations.slice(0, SHOWN) ?? [];

  return (
    <Card as="section" aria-labelledby="radio-weekly-top" data-testid="weekly-top">
      <h2 id="radio-weekly-top" css={heading}>
        {t('radio.top.title')}
      </h2>
      {top?.featured && (
        <p data-testid="weekly-featured">
          <Badge tone="secondary">{t('radio.top.featured')}</Badge> <strong>{top.featured.station.name}</strong>{' '}
          {countdown && <span>{t('radio.top.endsIn', { label: countdown })}</span>}
        </p>
      )}
      {entries.length === 0 ? (
        <p>{t('radio.top.empty')}</p>
      ) : (
        <ol css={list}>
          {entries.map((entry) => (
            <li key={entry.station.id}>
              <span>{t('radio.top.rank', { rank: entry.rank, name: entry.station.name })}</span>
              <span>{t('radio.top.likes', { count: entry.totalLikes })}</span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
