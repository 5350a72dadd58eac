import { css, keyframes, type Theme } from '@emotion/react';
import { Button, IconButton, Slider, Spinner, TransportIcon } from '@grouarock/ui';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { AdBreaks, adBreakAtom } from '../../ads';
import { deckStateAtom, mutedAtom, statusLabel, volumeAtom } from '../atoms';
import { useCurrentStation, useLikes } from '../hooks';
import { useRadio } from '../radio-context';
import type { PlayerActions } from '../use-player-actions';
import { StreamBitrate } from './stream-bitrate';

// The mixer is its own chunk, loaded the first time its button is pressed.
const MixerOverlay = lazy(async () => ({ default: (await import('../mixer')).MixerOverlay }));

const bar = (theme: Theme) => css`
  position: fixed;
  inset: auto 0 0 0;
  z-index: ${theme.zIndices.sticky};
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[3]};
  padding: ${theme.space[2]} ${theme.space[4]};
  border-top: 1px solid ${theme.colors.border};
  background: ${theme.colors.surface};

  ${theme.mq.belowMobile} {
    gap: ${theme.space[2]};
    padding: ${theme.space[2]};
  }
`;

const inlineBar = (theme: Theme) => css`
  position: static;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
`;

const info = css`
  display: flex;
  flex-direction: column;
  min-width: 0;
  flex: 1 1 8rem;
`;

const stationName = (theme: Theme) => css`
  overflow: hidden;
  font-weight: ${theme.fontWeights.bold};
  white-space: nowrap;
  text-overflow: ellipsis;
`;

const pulse = keyframes`
  from { opacity: 1; }
  to { opacity: 0.4; }
`;

const status = (theme: Theme) => css`
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
  &[data-status='live'] {
    color: ${theme.colors.accentText};
    font-weight: ${theme.fontWeights.bold};
  }
  &[data-status='reconnecting'] {
    color: ${theme.colors.secondary};
    animation: ${pulse} 0.8s ease-in-out infinite alternate;
  }
`;

const volume = css`
  flex: 0 1 12rem;
  min-width: 8rem;
`;

const meter = (theme: Theme) => css`
  width: 4rem;
  height: 0.5rem;
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.surfaceSunken};
  overflow: hidden;
  & > span {
    display: block;
    height: 100%;
    background: ${theme.colors.success};
    transform-origin: left;
  }
  ${theme.mq.belowMobile} {
    display: none;
  }
`;

/** A live signal meter: the peak of the player's output, readable by tests as data-peak. */
function LevelMeterBar() {
  const t = useT();
  const radio = useRadio();
  const ref = useRef<HTMLDivElement>(null);
  const fill = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    let frame = 0;
    const draw = () => {
      const reading = radio.readLevel();
      const peak = reading ? reading.peak : 0;
      if (ref.current) ref.current.dataset.peak = peak.toFixed(4);
      if (fill.current) fill.current.style.transform = `scaleX(${Math.min(1, peak)})`;
      frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, [radio]);
  return (
    <div ref={ref} css={meter} role="img" aria-label={t('radio.player.level')} data-testid="level-meter" data-peak="0">
      <span ref={fill} style={{ transform: 'scaleX(0)' }} />
    </div>
  );
}

/** The bottom bar: like with its count, play/pause, the mixer, volume 0–100 and the status label. */
/** A speaker, struck through when muted (an SVG, so it looks the same without an emoji font). */
function SpeakerIcon({ muted }: { muted: boolean }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" aria-hidden="true">
      <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
      {muted ? <path d="M16 9l5 6M21 9l-5 6" strokeLinecap="round" /> : <path d="M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" strokeLinecap="round" />}
    </svg>
  );
}

/** `inline` puts the bar where it is rendered (the home page's radio section) instead of fixing it to the bottom. */
export function PlayerBar({ actions, inline = false }: { actions: PlayerActions; inline?: boolean }) {
  const t = useT();
  const radio = useRadio();
  const station = useCurrentStation();
  const state = useAtomValue(deckStateAtom);
  const vol = useAtomValue(volumeAtom);
  const muted = useAtomValue(mutedAtom);
  const likes = useLikes(station?.id ?? null);
  const [mixerOpen, setMixerOpen] = useState(false);
  const [mixerLoaded, setMixerLoaded] = useState(false);
  const label = statusLabel(state);
  const active = state === 'playing' || state === 'loading' || state === 'reconnecting';
  const liked = likes.state?.likedByMe ?? false;
  // Ad breaks (features/ads) load with the first play, as their own chunk; during one the station's controls wait.
  const adBreak = useAtomValue(adBreakAtom);
  const [adsWanted, setAdsWanted] = useState(false);
  if (active && !adsWanted) setAdsWanted(true);
  const stationHold = useMemo(() => ({ hold: () => radio.holdForBreak(), resume: () => radio.resumeAfterBreak() }), [radio]);

  return (
    <section css={[bar, inline && inlineBar]} aria-label={t('radio.player.label')} data-testid="player-bar">
      <Button
        variant={liked ? 'primary' : 'secondary'}
        size="sm"
        aria-pressed={liked}
        aria-label={liked ? t('radio.player.unlike') : t('radio.player.like')}
        disabled={!station || likes.busy}
        onClick={() => void likes.toggle()}
        data-testid="like-button"
      >
        {liked ? '♥' : '♡'} <span data-testid="like-count">{likes.state?.count ?? 0}</span>
      </Button>
      <IconButton label={t('radio.player.previous')} disabled={!station} onClick={() => actions.step(-1)}>
        <TransportIcon kind="previous" />
      </IconButton>
      <IconButton
        label={adBreak ? t('radio.player.adPlaying') : active ? t('radio.player.pause') : t('radio.player.play')}
        disabled={!station || adBreak !== null}
        onClick={actions.togglePlay}
        data-testid="play-button"
      >
        <TransportIcon kind={active ? 'pause' : 'play'} />
      </IconButton>
      <IconButton label={t('radio.player.next')} disabled={!station} onClick={() => actions.step(1)}>
        <TransportIcon kind="next" />
      </IconButton>
      <div css={info}>
        <span css={stationName}>{station?.name ?? t('radio.player.noStation')}</span>
        <span css={status} data-status={adBreak ? 'ad' : label} role="status" data-testid="player-status">
          {adBreak ? t('radio.player.adBreak') : t(
            label === 'live'
              ? 'radio.status.live'
              : label === 'loading'
                ? 'radio.status.loading'
                : label === 'reconnecting'
                  ? 'radio.status.reconnecting'
                  : 'radio.status.offline',
          )}
        </span>
      </div>
      <LevelMeterBar />
      <StreamBitrate station={station} active={active} />
      <IconButton label={muted ? t('radio.player.unmute') : t('radio.player.mute')} variant="ghost" onClick={() => radio.setMuted(!muted)}>
        <SpeakerIcon muted={muted} />
      </IconButton>
      <Slider css={volume} label={t('radio.player.volume')} min={0} max={100} step={1} value={vol} onValueChange={(v) => radio.setVolume(v)} />
      <Button
        variant="secondary"
        size="sm"
        onClick={() => {
          setMixerLoaded(true);
          setMixerOpen(true);
        }}
      >
        {t('radio.player.mixer')}
      </Button>
      {adsWanted && (
        <Suspense fallback={null}>
          <AdBreaks deckState={state} station={stationHold} />
        </Suspense>
      )}
      {mixerLoaded && (
        <Suspense fallback={<Spinner label={t('radio.mixer.loading')} size="sm" />}>
          <MixerOverlay open={mixerOpen} onOpenChange={setMixerOpen} />
        </Suspense>
      )}
    </section>
  );
}
