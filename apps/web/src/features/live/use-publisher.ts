import { useCallback, useEffect, useRef, useState } from 'react';
import { useT } from '../../lib/i18n';
import { useAuth } from '../auth';
import { ingestTicket, useStreamsChanged } from './api/streams';
import { socketUrl } from '../../lib/realtime-client';
import { BrowserPublisher, pickRecorderFormat } from './browser-publisher';
import { ingestCloseMessage } from './ingest-close';

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
      current.current = { publisher: null, release: taken.release };
      try {
        const token = await ingestTicket();
        const publisher = new BrowserPublisher({
          media: taken.media,
          url: (codec) => socketUrl('/api/v1/stream/ingest', { id: streamId, codec, token }),
          onClosed: (code, reason) => {
            release();
            if (code !== 1000) console.warn(`The ingest connection closed: ${code} ${reason}`);
            setStatus(code === 1000 ? { state: 'off' } : { state: 'failed', message: t(ingestCloseMessage(code)) });
            void streamsChanged(session?.user.id ?? null);
          },
        });
        // Unmounted while the ticket was asked for: the media is released already, nothing goes live.
        if (!current.current) return;
        current.current.publisher = publisher;
        await publisher.start();
        setStatus({ state: 'on' });
      } catch (error) {
        console.error('Going live failed', error);
        release();
        setStatus({ state: 'failed', message: t('live.closed.unreachable') });
      }
    },
    [t, session, streamsChanged],
  );

  const stop = useCallback(() => current.current?.publisher?.stop(), []);
  return { status, start, stop };
}
