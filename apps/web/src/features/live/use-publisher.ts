import { useCallback, useEffect, useRef, useState } from 'react';
import { useT } from '../../lib/i18n';
import { useAuth } from '../auth';
import { useStreamsChanged } from './api/streams';
import { socketUrl } from '../../lib/realtime-client';
import { BrowserPublisher, pickRecorderFormat } from './browser-publisher';

export type PublishState = { state: 'off' } | { state: 'connecting' } | { state: 'on' } | { state: 'failed'; message: string };

/** What is sent: a MediaStream with a video and an audio track, and how to let go of it afterwards. */
export interface PublishedMedia {
  media: MediaStream;
  release: () => void;
}

/**
 * Going live from this browser with some media (the camera, or the DJ mixer's master): `start` takes the media
 * (`acquire` may fail, with `deniedMessage` shown), connects and records; `stop` ends it. Whatever ends it, the media
 * is released and the streams are read again. Unmounting stops it.
 */
export function usePublisher() {
  const t = useT();
  const { session } = useAuth();
  const streamsChanged = useStreamsChanged();
  const [status, setStatus] = useState<PublishState>({ state: 'off' });
  const current = useRef<{ publisher: BrowserPublisher | null; release: () => void } | null>(null);

  const release = () => {
    current.current?.release();
    current.current = null;
  };
  useEffect(
    () => () => {
      current.current?.publisher?.stop();
      release();
    },
    [],
  );

  const start = useCallback(
    async (streamId: string, acquire: () => Promise<PublishedMedia>, deniedMessage: string) => {
      if (!pickRecorderFormat()) return setStatus({ state: 'failed', message: t('live.mine.unsupported') });
      setStatus({ state: 'connecting' });
      let taken: PublishedMedia;
      try {
        taken = await acquire();
      } catch (error) {
        console.warn('No media to publish', error);
        return setStatus({ state: 'failed', message: deniedMessage });
      }
      const token = session?.accessToken ?? '';
      const publisher = new BrowserPublisher({
        media: taken.media,
        url: (codec) => socketUrl('/api/v1/stream/ingest', { id: streamId, codec, token }),
        onClosed: (code, reason) => {
          release();
          setStatus(code === 1000 ? { state: 'off' } : { state: 'failed', message: t('live.mine.dropped', { reason: reason || String(code) }) });
          void streamsChanged(session?.user.id ?? null);
        },
      });
      current.current = { publisher, release: taken.release };
      try {
        await publisher.start();
        setStatus({ state: 'on' });
      } catch (error) {
        console.error('Going live failed', error);
        release();
        setStatus({ state: 'failed', message: t('live.mine.dropped', { reason: (error as Error).message }) });
      }
    },
    [t, session, streamsChanged],
  );

  const stop = useCallback(() => current.current?.publisher?.stop(), []);
  return { status, start, stop };
}
