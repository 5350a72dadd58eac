import { css, type Theme } from '@emotion/react';
import { Root as VisuallyHidden } from '@radix-ui/react-visually-hidden';
import { useAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../../../lib/i18n';
import { adBreakAtom } from '../ad-break-atom';
import { AdBreakController, type DeckStateName, type StationHold } from '../ad-break-controller';
import { adsApi, type AdsApi } from '../ads-api';

export interface AdBreaksProps {
  /** The station deck's state (features/radio's deckStateAtom). */
  deckState: DeckStateName;
  /** Stable across renders (memoised by the player bar): a new one ends the break in progress. */
  station: StationHold;
  /** Tests give a fake server. */
  api?: AdsApi;
}

const banner = (theme: Theme) => css`
  flex: 1 0 100%;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[2]} ${theme.space[3]};
  padding: ${theme.space[2]} ${theme.space[3]};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceSunken};
`;

const label = (theme: Theme) => css`
  font-weight: ${theme.fontWeights.bold};
  color: ${theme.colors.accentText};
  text-transform: uppercase;
`;

const countdown = (theme: Theme) => css`
  font-variant-numeric: tabular-nums;
  font-weight: ${theme.fontWeights.bold};
`;

const promo = (theme: Theme) => css`
  margin: 0;
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
`;

/**
 * Ad breaks for Basic and signed-out listeners, mounted by the player bar (loaded with it on first play, its own chunk).
 * During a break: "Reklama" with the seconds left (announced politely every 5 s, not every second), and a way to
 * Premium; nothing takes the keyboard's focus and there is no skip.
 */
export default function AdBreaks({ deckState, station, api = adsApi }: AdBreaksProps) {
  const t = useT();
  const [view, setView] = useAtom(adBreakAtom);
  const controller = useRef<AdBreakController | null>(null);
  useEffect(() => {
    const created = new AdBreakController({
      api,
      station,
      onView: setView,
    });
    controller.current = created;
    return () => {
      created.dispose();
      controller.current = null;
    };
  }, [api, station, setView]);

  useEffect(() => controller.current?.deckChanged(deckState), [deckState]);

  const seconds = view?.phase === 'spot' ? view.secondsLeft : 0;
  // The live region stays mounted, so screen readers hear it change; the visible countdown is not read out each second.
  const announcement = !view ? '' : view.phase === 'spot' ? t('ads.announce', { seconds: Math.max(5, Math.ceil(seconds / 5) * 5) }) : t('ads.resuming');
  return (
    <>
      <VisuallyHidden>
        <span aria-live="polite">{announcement}</span>
      </VisuallyHidden>
      {view && (
        <div css={banner} role="group" aria-label={t('ads.banner')} data-testid="ad-break" data-phase={view.phase}>
          <span css={label}>{t('ads.label')}</span>
          {view.phase === 'spot' ? (
            <span css={countdown} aria-hidden="true" data-testid="ad-countdown">
              {t('ads.countdown', { seconds })}
            </span>
          ) : (
            <span>{t('ads.resuming')}</span>
          )}
          <p css={promo}>
            {t('ads.promo')} <Link to="/subscription">{t('ads.upgrade')}</Link>
          </p>
        </div>
      )}
    </>
  );
}
