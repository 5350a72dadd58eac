import { css, type Theme } from '@emotion/react';
import { RECORDING_CHUNK_MS, recordingFileName } from '@grouarock/audio-engine';
import { Button } from '@grouarock/ui';
import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { formatDuration } from '../atoms';
import { downloadBlob, recordingStore, type UnfinishedRecording } from '../recording-store';

const box = (theme: Theme) => css`
  display: grid;
  gap: ${theme.space[2]};
  padding: ${theme.space[3]};
  border: 1px solid ${theme.colors.secondary};
  border-radius: ${theme.radii.md};
`;

const row = (theme: Theme) => css`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]};
`;

/** Offers the recording a reload or crash interrupted: its chunks are still in IndexedDB. */
export function RecordingRecovery() {
  const t = useT();
  const [found, setFound] = useState<UnfinishedRecording | null>(null);

  useEffect(() => {
    let live = true;
    recordingStore
      .unfinished()
      .then((all) => live && setFound(all[0] ?? null))
      .catch((error: unknown) => console.warn('Could not look for unfinished recordings', error));
    return () => {
      live = false;
    };
  }, []);

  if (!found) return null;

  const forget = async (recording: UnfinishedRecording) => {
    await recordingStore.remove(recording.recordingId);
    const rest = await recordingStore.unfinished();
    setFound(rest[0] ?? null);
  };

  const recover = () => {
    const blob = new Blob(found.chunks, { type: found.mimeType });
    downloadBlob(blob, recordingFileName(found.stationName, new Date()));
    forget(found).catch((error: unknown) => console.warn('Could not clear the recovered recording', error));
  };

  return (
    <div css={box} role="region" aria-labelledby="radio-recover-title" data-testid="recording-recovery">
      <strong id="radio-recover-title">{t('radio.recover.title')}</strong>
      <p css={css`margin: 0;`}>
        {t('radio.recover.text', { station: found.stationName, duration: formatDuration((found.chunks.length * RECORDING_CHUNK_MS) / 1000) })}
      </p>
      <div css={row}>
        <Button size="sm" onClick={recover}>
          {t('radio.recover.save')}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => void forget(found)}>
          {t('radio.recover.discard')}
        </Button>
      </div>
    </div>
  );
}
