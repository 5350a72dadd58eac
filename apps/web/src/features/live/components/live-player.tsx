import { css, type Theme } from '@emotion/react';
import { Spinner } from '@grouarock/ui';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { LIVE_HLS_CONFIG } from '../hls-config';
import { watchOverWhep, whepSupported, type WhepSession } from '../whep-client';
import { muted } from './styles';

type State = 'connecting' | 'playing' | 'error' | 'unsupported';
/** What the player plays: WebRTC (under a second behind) or HLS (a few seconds). */
type Delivery = 'webrtc' | 'hls';

const frame = (theme: Theme) => css`
  position: relative;
  display: grid;
  place-items: center;
  aspect-ratio: 16 / 9;
  width: 100%;
  border-radius: ${theme.radii.md};
  background: #000;
  overflow: hidden;

  video {
    width: 100%;
    height: 100%;
  }
`;

const overlay = (theme: Theme) => css`
  position: absolute;
  inset: auto ${theme.space[3]} ${theme.space[3]};
  text-align: center;
`;

const deliveryLabel = (theme: Theme) => css`
  font-size: ${theme.fontSizes.sm};
`;

/** A random id the player keeps while it plays: the server counts it once as a viewer, over WebRTC or HLS. */
function viewerId(): string {
  return crypto.randomUUID().replace(/-/g, '');
}

/**
 * Plays `url` on `element` over HLS: hls.js's light build (MPEG-TS, no subtitles or DRM, which our streams never have;
 * its own chunk, loaded here) or the browser's own HLS (Safari). Returns what stops it.
 */
function playHls(element: HTMLVideoElement, url: string, setState: (state: State) => void, disposed: () => boolean): () => void {
  let destroy = () => {};
  void import('hls.js/light').then(
    ({ default: Hls }) => {
      if (disposed()) return;
      if (Hls.isSupported()) {
        const hls = new Hls(LIVE_HLS_CONFIG);
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          console.warn('The stream failed', data.details);
          setState('error');
        });
        hls.loadSource(url);
        hls.attachMedia(element);
        destroy = () => hls.destroy();
      } else if (element.canPlayType('application/vnd.apple.mpegurl')) {
        element.src = url;
      } else {
        setState('unsupported');
        return;
      }
      element.play().catch(() => {
        // Autoplay refused: the controls let the viewer start it.
      });
    },
    (error: unknown) => {
      console.error('The player could not load', error);
      setState('error');
    },
  );
  return () => destroy();
}

interface LivePlayerProps {
  /** The stream's HLS playlist (an Ultra-only stream's carries the viewer's access). */
  src: string;
  /** The stream's id, and whether it was live when the player opened: only then is WebRTC tried (replays are HLS). */
  streamId: string;
  live: boolean;
  label: string;
}

/**
 * The stream's player (docs/live.md, "The web app"). A live stream plays over WebRTC first (WHEP, under a second
 * behind), and over HLS by itself when WebRTC is refused (a cap, no engine), cannot connect within 3 s (UDP blocked,
 * no TURN), or drops twice; a replay plays HLS. It says which it plays.
 */
export function LivePlayer({ src, streamId, live, label }: LivePlayerProps) {
  const t = useT();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<State>('connecting');
  const [delivery, setDelivery] = useState<Delivery | null>(null);
  // Decided when the player opens: a stream that ends while watched plays on as it was (to its last segment).
  const [tryWebRtc] = useState(() => live && whepSupported());

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const viewer = viewerId();
    // An Ultra-only stream's URL carries the viewer's access already (POST /stream/{id}/watch); WHEP takes the same.
    const url = `${src}${src.includes('?') ? '&' : '?'}viewer=${viewer}`;
    const access = new URL(src, location.origin).searchParams.get('access') ?? undefined;
    const aborted = new AbortController();
    let stopHls: (() => void) | undefined;
    let session: WhepSession | undefined;
    const playing = () => setState('playing');
    element.addEventListener('playing', playing);

    const hls = (reason: string) => {
      if (aborted.signal.aborted || stopHls) return;
      if (reason) console.info(`Playing HLS: ${reason}`);
      element.srcObject = null;
      setDelivery('hls');
      setState('connecting');
      stopHls = playHls(element, url, setState, () => aborted.signal.aborted);
    };
    // A connection that drops after playing is asked for once more, then HLS plays.
    const webrtc = async (retries: number): Promise<void> => {
      const result = await watchOverWhep({
        streamId,
        viewer,
        access,
        signal: aborted.signal,
        onDropped: () => {
          session = undefined;
          // Its last picture stays, under the spinner, until the stream plays again (here, or over HLS).
          setState('connecting');
          if (retries > 0) void webrtc(retries - 1);
          else hls('the WebRTC connection dropped');
        },
      });
      if (aborted.signal.aborted) return result.kind === 'webrtc' ? result.session.close() : undefined;
      // The stream ended while it played here: the viewer saw it to its end, and the replay would start it again.
      if (result.kind === 'hls' && result.reason === 'stream_ended' && retries === 0) return setState('playing');
      if (result.kind === 'hls') return hls(result.reason);
      session = result.session;
      element.srcObject = result.session.stream;
      setDelivery('webrtc');
      element.play().catch(() => {
        // Autoplay refused: the controls let the viewer start it.
      });
    };
    if (tryWebRtc) void webrtc(1);
    else hls('');

    return () => {
      aborted.abort();
      element.removeEventListener('playing', playing);
      session?.close();
      stopHls?.();
    };
  }, [src, streamId, tryWebRtc]);

  return (
    <div>
      <div css={frame}>
        {/* eslint-disable-next-line jsx-a11y/media-has-caption -- users' live video comes with no captions we could offer */}
        <video ref={video} controls playsInline aria-label={label} />
        {state === 'connecting' ? (
          <div css={overlay}>
            <Spinner label={t('live.watch.connecting')} />
          </div>
        ) : null}
        {state === 'error' || state === 'unsupported' ? (
          <p role="alert" css={[muted, overlay]}>
            {t(state === 'error' ? 'live.watch.error' : 'live.watch.unsupported')}
          </p>
        ) : null}
      </div>
      {live && delivery ? (
        <p css={[muted, deliveryLabel]} data-delivery={delivery}>
          {t(delivery === 'webrtc' ? 'live.watch.webrtc' : 'live.watch.hls')}
        </p>
      ) : null}
    </div>
  );
}
