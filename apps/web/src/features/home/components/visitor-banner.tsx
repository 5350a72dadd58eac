import { css, type Theme } from '@emotion/react';
import { useT } from '../../../lib/i18n';
import { useHydrated } from '../../../lib/use-hydrated';
import { useVisit } from '../api/visits';
import { daysSinceStart } from '../days-since-start';
import { winnerNumber, type VisitStorage } from '../visitor-session';

const section = (theme: Theme) => css`
  max-width: 80rem;
  margin: 0 auto;
  padding: ${theme.space[4]};
`;

const banner = (theme: Theme) => css`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${theme.space[2]};
  padding: ${theme.space[5]} ${theme.space[4]};
  border: 2px solid ${theme.colors.secondary};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};
  text-align: center;
`;

const count = (theme: Theme) => css`
  margin: 0;
  font-family: ${theme.fonts.display};
  font-size: ${theme.fontSizes['3xl']};
  letter-spacing: 0.04em;
`;

const muted = (theme: Theme) => css`
  margin: 0;
  color: ${theme.colors.textMuted};
`;

const winner = (theme: Theme) => css`
  margin: 0;
  padding: ${theme.space[3]} ${theme.space[4]};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.secondary};
  color: ${theme.colors.onSecondary};
  font-size: ${theme.fontSizes.xl};
  font-weight: ${theme.fontWeights.bold};
`;

export interface VisitorBannerProps {
  /** Where the session's visitor id and number are kept; the browser's session storage by default. */
  storage?: VisitStorage;
  now?: () => Date;
}

/**
 * The visitor milestone: this session's number (counted once per browser session on the server), the
 * congratulations for the 1000th visitor and the days since GrouaRock started. With no answer from the server it
 * shows no number at all rather than an invented one.
 */
export function VisitorBanner({ storage, now = () => new Date() }: VisitorBannerProps) {
  const t = useT();
  // Not counted this time (offline, throttled): the banner simply shows no number; the next load retries.
  const { data: visit } = useVisit(storage);
  // Today's count of days, which the page prerendered on an earlier day cannot know: its line keeps its place until then.
  const hydrated = useHydrated();
  const days = hydrated ? t('home.visitors.days', { days: daysSinceStart(now()) }) : '\u00a0';
  return (
    <section css={section} aria-label={t('home.visitors.label')}>
      <div css={banner}>
        {visit?.winner ? (
          <p css={winner} role="status">
            {t('home.visitors.winner')}
          </p>
        ) : null}
        {visit ? <p css={count}>{t('home.visitors.count', { count: visit.count })}</p> : null}
        {visit && !visit.winner && visit.winnerAt === null && visit.count < winnerNumber ? <p css={muted}>{t('home.visitors.goal')}</p> : null}
        <p css={muted}>{days}</p>
      </div>
    </section>
  );
}
