import { css, type Theme } from '@emotion/react';
import { Badge, Button, Card, useToast } from '@grouarock/ui';
import { useRef, useState } from 'react';
import { CopyField } from '../../../lib/copy-field';
import { useT } from '../../../lib/i18n';
import { useAuth } from '../../auth';
import { endStream, useStreamsChanged, type CreatedStreamDto, type CurrentStreamDto } from '../api/streams';
import { usePublisher } from '../use-publisher';
import { block, muted, row, subheading } from './styles';

const preview = (theme: Theme) => css`
  width: 100%;
  max-width: 28rem;
  aspect-ratio: 16 / 9;
  border-radius: ${theme.radii.md};
  background: #000;
`;

/**
 * The user's own stream while it has not ended: its state, how to send video from OBS (the key only right after
 * creating it), going live with the camera from this browser, and stopping it.
 */
export function MyStream({ current, created }: { current: CurrentStreamDto; created: CreatedStreamDto | null }) {
  const t = useT();
  const toast = useToast();
  const { session } = useAuth();
  const streamsChanged = useStreamsChanged();
  const stream = current.stream!;
  const { status: camera, start, stop: stopPublishing } = usePublisher();
  const [stopping, setStopping] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const key = created?.id === stream.id ? created.streamKey : null;

  const goLiveWithCamera = () =>
    start(
      stream.id,
      async () => {
        const media = await navigator.mediaDevices.getUserMedia({ video: { width: 1280, height: 720, frameRate: 30 }, audio: true });
        if (video.current) video.current.srcObject = media;
        return { media, release: () => media.getTracks().forEach((track) => track.stop()) };
      },
      t('live.mine.cameraDenied'),
    );

  const stop = async () => {
    setStopping(true);
    try {
      stopPublishing();
      await endStream(stream.id);
      await streamsChanged(session?.user.id ?? null);
    } catch (error) {
      console.error('Stopping the stream failed', error);
      toast.show({ tone: 'error', title: t('live.toast.stopFailed') });
    } finally {
      setStopping(false);
    }
  };

  const live = stream.status === 'live';
  return (
    <Card as="section" aria-labelledby="my-stream-heading" css={block}>
      <h3 id="my-stream-heading" css={subheading}>
        {t('live.mine.heading')}
      </h3>
      <div css={row}>
        <Badge tone={live ? 'live' : 'neutral'}>{t(live ? 'live.badge.live' : 'live.mine.ready')}</Badge>
        <strong>{stream.title}</strong>
      </div>
      <p role="status" css={muted}>
        {t(live ? 'live.mine.live' : 'live.mine.ready')}
      </p>

      {camera.state === 'off' && !live ? (
        <>
          <h4>{t('live.mine.obs')}</h4>
          {current.ingestUrl ? (
            <>
              <p css={muted}>{t('live.mine.obsHint')}</p>
              <CopyField label={t('live.mine.server')} value={current.ingestUrl} />
              {key ? (
                <>
                  <CopyField label={t('live.mine.key')} value={key} />
                  <p css={muted}>{t('live.mine.keyOnce')}</p>
                </>
              ) : (
                <p css={muted}>{t('live.mine.keyGone')}</p>
              )}
            </>
          ) : (
            <p css={muted}>{t('live.mine.noRtmp')}</p>
          )}
        </>
      ) : null}

      <h4>{t('live.mine.browser')}</h4>
      <video ref={video} css={preview} muted playsInline autoPlay aria-label={t('live.mine.preview')} hidden={camera.state !== 'on' && camera.state !== 'connecting'} />
      {camera.state === 'failed' ? <p role="alert">{camera.message}</p> : null}
      <div css={row}>
        {camera.state !== 'on' && !live ? (
          <Button variant="secondary" onClick={() => void goLiveWithCamera()} loading={camera.state === 'connecting'}>
            {t(camera.state === 'connecting' ? 'live.mine.connecting' : 'live.mine.camera')}
          </Button>
        ) : null}
        <Button variant="danger" onClick={() => void stop()} loading={stopping}>
          {t('live.mine.stop')}
        </Button>
      </div>
    </Card>
  );
}
