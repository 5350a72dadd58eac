import { css, type Theme } from '@emotion/react';
import { SLEEP_TIMER_MINUTES, type SleepTimerMinutes } from '@grouarock/audio-engine';
import { Button, Card } from '@grouarock/ui';
import { useAtomValue } from 'jotai';
import { Suspense, useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { useAfterLoad } from '../../../lib/use-after-load';
import { RecordingOffline, RecordingsOffline } from '../../offline';
import { AddToPlaylist } from '../../playlists';
import {
  activeRecordingAtom,
  deckStateAtom,
  formatDuration,
  formatSize,
  nowPlayingLine,
  recordingsAtom,
  sleepLabelAtom,
  sleepOptionLabel,
} from '../atoms';
import { useCurrentNowPlaying, useCurrentStation } from '../hooks';
import { useRadio } from '../radio-context';
import { savedBlob } from '../recording-store';
import { RecordingRecovery } from './recording-recovery';
import { SettingsDialog } from './settings-dialog';

const row = (theme: Theme) => css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[2]};
`;

const heading = (theme: Theme) => css`
  margin: 0;
  font-size: ${theme.fontSizes.md};
`;

const muted = (theme: Theme) => css`
  margin: 0;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

const list = (theme: Theme) => css`
  display: grid;
  gap: ${theme.space[1]};
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${theme.fontSizes.sm};
  a {
    color: ${theme.colors.secondary};
  }
`;

/** A finished recording's bytes, for "Zachowaj offline". */
async function blobSavedAs(url: string): Promise<Blob> {
  const blob = savedBlob(url);
  if (!blob) throw new Error('The recording is no longer in this page');
  return blob;
}

function useElapsed(startTime: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (startTime === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [startTime]);
  return startTime === null ? 0 : Math.max(0, (now - startTime) / 1000);
}

function Recording() {
  const t = useT();
  const radio = useRadio();
  const station = useCurrentStation();
  const state = useAtomValue(deckStateAtom);
  const active = useAtomValue(activeRecordingAtom);
  const recordings = useAtomValue(recordingsAtom);
  const elapsed = useElapsed(active?.startTime ?? null);
  const playing = state === 'playing';
  return (
    <div css={(theme: Theme) => css`display: grid; gap: ${theme.space[2]};`}>
      <div css={row}>
        {active ? (
          <>
            <Button variant="danger" size="sm" onClick={() => void radio.stopRecording()}>
              {t('radio.record.stop')}
            </Button>
            <span role="timer" data-testid="recording-elapsed">
              {t('radio.record.elapsed', { time: formatDuration(elapsed) })}
            </span>
          </>
        ) : (
          <Button size="sm" disabled={!playing || !station} onClick={() => station && radio.startRecording(station.name)}>
            {t('radio.record.start')}
          </Button>
        )}
        {!playing && !active && <p css={muted}>{t('radio.record.onlyWhilePlaying')}</p>}
      </div>
      {recordings.length > 0 && (
        <section aria-labelledby="radio-recordings">
          <h3 id="radio-recordings" css={heading}>
            {t('radio.record.list')}
          </h3>
          <ul css={list} data-testid="recordings">
            {recordings.map(({ entry, size, url }) => (
              <li key={entry.id}>
                <a href={url} download={entry.fileName} aria-label={t('radio.record.download', { name: entry.fileName })}>
                  {t('radio.record.entry', { name: entry.fileName, size: formatSize(size), duration: formatDuration(entry.duration / 1000) })}
                </a>
                <Suspense fallback={null}>
                  <RecordingOffline recording={{ id: entry.id, fileName: entry.fileName }} load={() => blobSavedAs(url)} />
                </Suspense>
              </li>
            ))}
          </ul>
          <Suspense fallback={null}>
            <RecordingsOffline />
          </Suspense>
        </section>
      )}
    </div>
  );
}

function SleepTimerControls() {
  const t = useT();
  const radio = useRadio();
  const label = useAtomValue(sleepLabelAtom);
  const optionText = (minutes: number) => {
    const option = sleepOptionLabel(minutes);
    return option.unit === 'h' ? t('radio.sleep.hours', { hours: option.hours }) : t('radio.sleep.minutes', { minutes: option.minutes });
  };
  return (
    <div role="group" aria-labelledby="radio-sleep" css={(theme: Theme) => css`display: grid; gap: ${theme.space[2]};`}>
      <h3 id="radio-sleep" css={heading}>
        {t('radio.sleep.title')}
      </h3>
      <div css={row}>
        {SLEEP_TIMER_MINUTES.map((minutes: SleepTimerMinutes) => (
          <Button key={minutes} size="sm" variant="ghost" onClick={() => void radio.startSleepTimer(minutes)}>
            {optionText(minutes)}
          </Button>
        ))}
      </div>
      {label && (
        <div css={row}>
          <span role="timer" data-testid="sleep-countdown">
            {t('radio.sleep.remaining', { time: label })}
          </span>
          <Button size="sm" variant="secondary" onClick={() => radio.cancelSleepTimer()}>
            {t('radio.sleep.cancel')}
          </Button>
        </div>
      )}
    </div>
  );
}

/** The station playing and the track heard, added to a playlist (its own chunk, after the page's first screen). */
function PlaylistAdds() {
  const station = useCurrentStation();
  const line = nowPlayingLine(useCurrentNowPlaying());
  const later = useAfterLoad();
  if (!later || !station) return null;
  return (
    <Suspense fallback={null}>
      <div css={row}>
        <AddToPlaylist station={station} />
        {line && 'artist' in line && <AddToPlaylist track={line} />}
      </div>
    </Suspense>
  );
}

/** The player card's extras: recording, the sleep timer, the settings dialog and adding to a playlist. */
export function StationExtras() {
  const t = useT();
  return (
    <Card as="section" aria-label={t('radio.extras.label')}>
      <div css={(theme: Theme) => css`display: grid; gap: ${theme.space[4]};`}>
        <RecordingRecovery />
        <div css={row}>
          <Recording />
          <SettingsDialog />
        </div>
        <PlaylistAdds />
        <SleepTimerControls />
      </div>
    </Card>
  );
}
