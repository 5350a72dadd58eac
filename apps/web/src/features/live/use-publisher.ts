import type { MessageId } from '@grouarock/i18n';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useT } from '../../lib/i18n';
import { useAuth } from '../auth';
import { ingestTicket, useStreamsChanged } from './api/streams';
import { socketUrl } from '../../lib/realtime-client';
import { BrowserPublisher, pickRecorderFormat } from './browser-publisher';
import { ingestCloseMessage } from './ingest-close';
import { WhipNotPossible, WhipPublisher, WhipRefused, whipSupported } from './whip-client';

export type PublishState = { state: 'off' } | { state: 'connecting' } | { state: 'on' } | { state: 'failed'; message: string };

/** What is sent: a MediaStream with a video and an audio track, and how to let go of it afterwards. */
export interface PublishedMedia {
  media: MediaStream;
  release: () => void;
}

/** A running publisher, over WHIP or the ingest socket: stopping it ends the stream. */
interface Publishing {
  stop: () => Promise<void>;
}

/**
 * Going live from this browser with some media (the camera, or the DJ mixer's master): `start` takes the media
 * (`acquire` may fail, with `deniedMessage` shown), connects and sends; `stop` ends it. Whatever ends it, the media
 * is released and the streams are read again. Unmounting stops it.
 *
 * WebRTC (WHIP, whip-client.ts) first: under a second to the WebRTC viewers. The ingest socket with MediaRecorder
 * (browser-publisher.ts) when this browser has no RTCPeerConnection, or when the server cannot take its WebRTC: no
 * H.264 encoder here (400 bad_sdp: the server copies H.264 and does not transcode WebRTC video), or no WebRTC engine
 * on the server (503 webrtc_unavailable). A WHIP connection that cannot be made (UDP blocked) is not retried over the
 * socket: its session is ended, which ends the stream, and the user reads why.
 */
export function usePublisher() {
  const t = useT();
  const { session } = useAuth();
  const streamsChanged = useStreamsChanged();
  const [status, setStatus] = useState<PublishState>({ state: 'off' });
  const current = useRef<{ publisher: Publishing | null; release: () => void } | null>(null);

  const release = () => {
    current.current?.release();
    current.current = null;
  };
  useEffect(
    () => () => {
      void current.current?.publisher?.stop();
      release();
    },
    [],
  );

  const start = useCallback(
    async (streamId: string, acquire: () => Promise<PublishedMedia>, deniedMessage: string) => {
      if (!whipSupported() && !pickRecorderFormat()) return setStatus({ state: 'failed', message: t('live.mine.unsupported') });
      setStatus({ state: 'connecting' });
      let taken: PublishedMedia;
      try {
        taken = await acquire();
      } catch (error) {
        console.warn('No media to publish', error);
        return setStatus({ state: 'failed', message: deniedMessage });
      }
      const entry: { publisher: Publishing | null; release: () => void } = { publisher: null, release: taken.release };
      current.current = entry;
      // Ends this attempt (unless another one replaced it): the media released, the reason shown, the streams read again.
      const ended = (message: MessageId | null) => {
        if (current.current !== entry) return;
        release();
        setStatus(message ? { state: 'failed', message: t(message) } : { state: 'off' });
        void streamsChanged(session?.user.id ?? null);
      };

      if (whipSupported()) {
        const whip = new WhipPublisher({ streamId, media: taken.media, onLost: ended });
        entry.publisher = {
          // Hung up first, then the media released: the server ends the stream on the DELETE, not on silence.
          stop: async () => {
            await whip.stop();
            ended(null);
          },
        };
        try {
          await whip.start();
          if (current.current === entry) setStatus({ state: 'on' });
          return;
        } catch (error) {
          if (error instanceof WhipRefused) return ended(error.messageId);
          if (!(error instanceof WhipNotPossible)) {
            console.error('Going live failed', error);
            return ended('live.closed.unreachable');
          }
          // Stopped or unmounted while the server was asked.
          if (current.current !== entry) return;
          console.info(`Going live over the ingest socket: ${error.reason}`);
          entry.publisher = null;
          if (!pickRecorderFormat()) return ended('live.mine.unsupported');
        }
      }

      try {
        const token = await ingestTicket();
        const publisher = new BrowserPublisher({
          media: taken.media,
          url: (codec) => socketUrl('/api/v1/stream/ingest', { id: streamId, codec, token }),
          onClosed: (code, reason) => {
            if (code !== 1000) console.warn(`The ingest connection closed: ${code} ${reason}`);
            ended(code === 1000 ? null : ingestCloseMessage(code));
          },
        });
        // Unmounted while the ticket was asked for: the media is released already, nothing goes live.
        if (current.current !== entry) return;
        entry.publisher = {
          stop: () => {
            publisher.stop();
            return Promise.resolve();
          },
        };
        await publisher.start();
        if (current.current === entry) setStatus({ state: 'on' });
      } catch (error) {
        console.error('Going live failed', error);
        ended('live.closed.unreachable');
      }
    },
    [t, session, streamsChanged],
  );

  const stop = useCallback(async () => {
    await current.current?.publisher?.stop();
  }, []);
  return { status, start, stop };
}
