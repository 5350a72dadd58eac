import { css, type Theme } from '@emotion/react';
import { Spinner } from '@grouarock/ui';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { LIVE_HLS_CONFIG } from '../hls-config';
import { muted } from './styles';

type State = 'connecting' | 'playing' | 'error' | 'unsupported';

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

/** A random id the player keeps while it plays: the server counts it once as a viewer. */
function viewerId(): string {
  return crypto.randomUUID().replace(/-/g, '');
}

/** Plays a stream's HLS: hls.js's light build (MPEG-TS, no subtitles or DRM, which our streams never have; its own chunk, loaded here) or the browser's own HLS (Safari). */
export function HlsPlayer({ src, label }: { src: string; label: string }) {
  const t = useT();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<State>('connecting');

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    // An Ultra-only stream's URL carries the viewer's access already (POST /stream/{id}/watch).
    const url = `${src}${src.includes('?') ? '&' : '?'}viewer=${viewerId()}`;
    let disposed = false;
    let destroy = () => {};
    const playing = () => setState('playing');
    element.addEventListener('playing', playing);
    void import('hls.js/light').then(
      ({ default: Hls }) => {
        if (disposed) return;
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
    return () => {
      disposed = true;
      element.removeEventListener('playing', playing);
      destroy();
    };
  }, [src]);

  return (
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
  );
}
