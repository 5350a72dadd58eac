import { css, type Theme } from '@emotion/react';
import { IconButton, TransportIcon } from '@grouarock/ui';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n';
import type { TrackDto } from '../api/studio';
import { formatDuration } from '../options';

const player = (theme: Theme) => css`
  display: grid;
  grid-template-columns: auto 1fr auto;
  align-items: center;
  gap: ${theme.space[3]};
`;

const wave = (theme: Theme) => css`
  display: block;
  width: 100%;
  height: 56px;
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surfaceSunken};
`;

const seek = (theme: Theme) => css`
  width: 100%;
  accent-color: ${theme.colors.accent};
`;

const time = (theme: Theme) => css`
  color: ${theme.colors.textMuted};
  font-variant-numeric: tabular-nums;
  font-size: ${theme.fontSizes.sm};
`;

/** Peaks of the audio in `bars` columns (0–1), from the decoded file. */
async function peaksOf(url: string, bars: number): Promise<number[]> {
  const data = await (await fetch(url)).arrayBuffer();
  // A one-sample offline context decodes without starting (or waiting for) the app's audio.
  const audio = await new OfflineAudioContext(1, 1, 44_100).decodeAudioData(data);
  const samples = audio.getChannelData(0);
  const step = Math.max(1, Math.floor(samples.length / bars));
  const peaks: number[] = [];
  for (let i = 0; i < bars; i++) {
    let peak = 0;
    for (let j = i * step; j < Math.min(samples.length, (i + 1) * step); j += 16) peak = Math.max(peak, Math.abs(samples[j]));
    peaks.push(peak);
  }
  return peaks;
}

/**
 * Points the audio element at `url`. The first time it is simply set; after that `url` is a fresh signed link of the same
 * track (docs/studio.md, "Private media on expiring links"), so the element moves to it where it was, and goes on
 * playing if it played: the listener hears no break, and the next Range request goes to a link that still works.
 */
export function swapSource(el: HTMLAudioElement, url: string): void {
  if (!el.getAttribute('src')) {
    el.src = url;
    return;
  }
  if (el.getAttribute('src') === url) return;
  const at = el.currentTime;
  const playing = !el.paused && !el.ended;
  el.src = url;
  const resume = () => {
    el.currentTime = at;
    if (playing) void el.play().catch((e: unknown) => console.warn('Playback did not resume on the fresh link', e));
  };
  // currentTime can be set once the new source's metadata is known; a source already known takes it at once.
  if (el.readyState >= HTMLMediaElement.HAVE_METADATA) resume();
  else el.addEventListener('loadedmetadata', resume, { once: true });
}

/**
 * A track's player: play/pause, its waveform (drawn from the decoded file, the played part lit) and a seek bar with the
 * time. The audio is ours, served with Range on a signed link, so seeking works before it has all loaded; a fresh
 * link of the same track takes over without a break (swapSource).
 */
export function TrackPlayer({ track, showWave = true }: { track: TrackDto; showWave?: boolean }) {
  const t = useT();
  const audio = useRef<HTMLAudioElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [peaks, setPeaks] = useState<number[] | null>(null);
  const [mediaDuration, setMediaDuration] = useState(0);
  const duration = track.duration || mediaDuration;
  // The waveform is drawn once per track, from the link of the moment: a fresh link is the same file.
  const waveUrl = useRef(track.audio_url);

  useEffect(() => {
    waveUrl.current = track.audio_url;
    if (audio.current) swapSource(audio.current, track.audio_url);
  }, [track.audio_url]);

  useEffect(() => {
    // Without Web Audio (an old browser) the player simply has no waveform.
    if (!showWave || typeof OfflineAudioContext === 'undefined') return;
    let live = true;
    peaksOf(waveUrl.current, 160).then(
      (p) => live && setPeaks(p),
      (e: unknown) => console.warn('The waveform could not be drawn', e),
    );
    return () => {
      live = false;
    };
  }, [track.id, showWave]);

  useEffect(() => {
    const c = canvas.current;
    const ctx = peaks && c?.getContext('2d');
    if (!c || !ctx || !peaks) return;
    const style = getComputedStyle(c);
    const width = (c.width = c.clientWidth * devicePixelRatio);
    const height = (c.height = c.clientHeight * devicePixelRatio);
    ctx.clearRect(0, 0, width, height);
    const bar = width / peaks.length;
    const played = duration ? position / duration : 0;
    peaks.forEach((peak, i) => {
      ctx.fillStyle = i / peaks.length < played ? style.getPropertyValue('--played') : style.getPropertyValue('--unplayed');
      const h = Math.max(2, peak * height);
      ctx.fillRect(i * bar, (height - h) / 2, Math.max(1, bar - 1), h);
    });
  }, [peaks, position, duration]);

  const toggle = () => {
    const el = audio.current;
    if (!el) return;
    if (el.paused) void el.play().catch((e: unknown) => console.warn('Playback failed', e));
    else el.pause();
  };

  return (
    <div>
      {showWave ? (
        <canvas
          ref={canvas}
          css={(theme: Theme) => [wave(theme), css({ '--played': theme.colors.accent, '--unplayed': theme.colors.textMuted })]}
          role="img"
          aria-label={t('studio.preview.waveform', { title: track.title })}
        />
      ) : null}
      <div css={player}>
        <IconButton label={t(playing ? 'studio.player.pause' : 'studio.player.play', { title: track.title })} variant="primary" onClick={toggle}>
          <TransportIcon kind={playing ? 'pause' : 'play'} />
        </IconButton>
        <input
          type="range"
          css={seek}
          min={0}
          max={Math.max(1, Math.round(duration))}
          step={1}
          value={Math.round(position)}
          aria-label={t('studio.player.seek', { title: track.title })}
          aria-valuetext={`${formatDuration(position)} / ${formatDuration(duration)}`}
          onChange={(e) => {
            if (audio.current) audio.current.currentTime = Number(e.target.value);
          }}
        />
        <span css={time}>
          {formatDuration(position)} / {formatDuration(duration)}
        </span>
      </div>
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- instrumental music: there are no words to caption */}
      <audio
        ref={audio}
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(e) => setPosition(e.currentTarget.currentTime)}
        onLoadedMetadata={(e) => setMediaDuration(Number.isFinite(e.currentTarget.duration) ? e.currentTarget.duration : 0)}
        data-testid="track-audio"
      />
    </div>
  );
}
