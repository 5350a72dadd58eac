import { css, type Theme } from '@emotion/react';
import { Badge, Button, Card, useToast } from '@grouarock/ui';
import { useRef } from 'react';
import { CopyField } from '../../../lib/copy-field';
import { useT } from '../../../lib/i18n';
import { useAsyncAction } from '../../../lib/use-async-action';
import { useAuth } from '../../auth';
import { useBetaFeature } from '../../beta';
import { endStream, setAudience, useStreamsChanged, type CreatedStreamDto, type CurrentStreamDto } from '../api/streams';
import { usePublisher } from '../use-publisher';
import { MUSIC_AUDIO } from '../whip-client';
import { BrowserLiveBetaBadge, BrowserLiveComing } from './browser-live-beta';
import { block, muted, row, subheading } from './styles';
import { UltraOnlyField } from './ultra-only-field';

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
  const video = useRef<HTMLVideoElement>(null);
  const key = created?.id === stream.id ? created.streamKey : null;
  const userId = session?.user.id ?? null;
  const browserLive = useBetaFeature('browser-live', userId);

  const { run: changeAudience, running: changingAudience } = useAsyncAction(async (ultraOnly: boolean) => {
    try {
      await setAudience(stream.id, ultraOnly ? 'ultra' : 'everyone');
      await streamsChanged(userId);
    } catch (error) {
      console.error('Changing who may watch failed', error);
      toast.show({ tone: 'error', title: t('live.audience.failed') });
    }
  });

  const goLiveWithCamera = () =>
    start(
      stream.id,
      async () => {
        // Music, not a call: stereo, and none of the voice processing that would pump and thin it.
        const media = await navigator.mediaDevices.getUserMedia({ video: { width: 1280, height: 720, frameRate: 30 }, audio: MUSIC_AUDIO });
        if (video.current) video.current.srcObject = media;
        return { media, release: () => media.getTracks().forEach((track) => track.stop()) };
      },
      t('live.mine.cameraDenied'),
    );

  const { run: stop, running: stopping } = useAsyncAction(async () => {
    try {
      await stopPublishing();
      await endStream(stream.id);
      await streamsChanged(userId);
    } catch (error) {
      console.error('Stopping the stream failed', error);
      toast.show({ tone: 'error', title: t('live.toast.stopFailed') });
    }
  });

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
      <UltraOnlyField checked={stream.audience === 'ultra'} onChange={(checked) => void changeAudience(checked)} disabled={changingAudience} />

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

      <div css={row}>
        <h4>{t('live.mine.browser')}</h4>
        {browserLive.early ? <BrowserLiveBetaBadge /> : null}
      </div>
      {browserLive.available ? <p css={muted}>{t('live.mine.browserHint')}</p> : <BrowserLiveComing />}
      <video ref={video} css={preview} muted playsInline autoPlay aria-label={t('live.mine.preview')} hidden={camera.state !== 'on' && camera.state !== 'connecting'} />
      {camera.state === 'failed' ? <p role="alert">{camera.message}</p> : null}
      <div css={row}>
        {camera.state !== 'on' && !live && browserLive.available ? (
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
