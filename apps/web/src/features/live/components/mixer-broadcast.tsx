import { css, type Theme } from '@emotion/react';
import { Badge, Button, Card, Select, TextField, useToast } from '@grouarock/ui';
import type { MessageId } from '@grouarock/i18n';
import { useState } from 'react';
import { useT } from '../../../lib/i18n';
import { useAsyncAction } from '../../../lib/use-async-action';
import { useAuth, useAuthDialog } from '../../auth';
import { useBetaFeature } from '../../beta';
import { endStream, STREAM_GENRES, startFailure, startStream, useCurrentStream, type StreamGenre } from '../api/streams';
import { mixPicture } from '../mix-picture';
import { usePublisher } from '../use-publisher';
import { BrowserLiveBetaBadge, BrowserLiveComing } from './browser-live-beta';
import { TITLE_MAX } from './start-stream-form';
import { muted, row, subheading } from './styles';

export interface MixerBroadcastProps {
  /** The mixer's master output as a MediaStream, or null when the mixer is not running. */
  feed: () => { stream: MediaStream; dispose: () => void } | null;
  /** The master's RMS level in dBFS, for the picture. */
  level: () => number;
}

const card = (theme: Theme) => css`
  display: grid;
  gap: ${theme.space[3]};
`;

const fields = (theme: Theme) => css`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 1fr) auto;
  align-items: end;
  gap: ${theme.space[3]};

  ${theme.mq.below('lg')} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

/**
 * The PRO DJ MIXER's "go live": the master output (the EQ and crossfades as the DJ hears them) with a picture of
 * its level, sent from this browser into the user's stream (created here when there is none, or the ready one).
 */
export function MixerBroadcast({ feed, level }: MixerBroadcastProps) {
  const t = useT();
  const toast = useToast();
  const dialog = useAuthDialog();
  const { user } = useAuth();
  const account = user && !user.is_anonymous ? user : null;
  const current = useCurrentStream(account?.id ?? null);
  const browserLive = useBetaFeature('browser-live', account?.id ?? null);
  const { status, start, stop } = usePublisher();
  const [title, setTitle] = useState('');
  const [genre, setGenre] = useState<StreamGenre>('electronic');
  const existing = current.data?.stream ?? null;

  const { run: goLive, running: pending } = useAsyncAction(async () => {
    const name = existing?.title ?? title.trim();
    if (!name) {
      toast.show({ tone: 'error', title: t('live.toast.missing') });
      return;
    }
    try {
      const id = existing?.id ?? (await startStream({ title: name, genre })).id;
      await current.mutate();
      await start(
        id,
        async () => {
          const master = feed();
          if (!master) throw new Error('The mixer is not running');
          const picture = mixPicture(name, t('live.mixer.picture'), level);
          const media = new MediaStream([...picture.stream.getVideoTracks(), ...master.stream.getAudioTracks()]);
          return {
            media,
            release: () => {
              picture.stop();
              master.dispose();
            },
          };
        },
        t('live.mixer.failed'),
      );
    } catch (error) {
      console.error('Starting the stream failed', error);
      toast.show({ tone: 'error', title: t(startFailure(error)) });
    }
  });

  const finish = async () => {
    await stop();
    if (existing) await endStream(existing.id).catch((error: unknown) => console.warn('Stopping the stream failed', error));
    await current.mutate();
  };

  const on = status.state === 'on';
  return (
    <Card as="section" aria-labelledby="mixer-broadcast-heading" css={card}>
      <div css={row}>
        <h3 id="mixer-broadcast-heading" css={subheading}>
          {t('live.mixer.heading')}
        </h3>
        {on ? <Badge tone="live">{t('live.badge.live')}</Badge> : null}
        {browserLive.early ? <BrowserLiveBetaBadge /> : null}
      </div>
      <p css={muted}>{t('live.mixer.text')}</p>
      {!account ? (
        <div css={row}>
          <p css={muted}>{t('live.mixer.signIn')}</p>
          <Button size="sm" variant="secondary" onClick={() => dialog.open('login')}>
            {t('live.form.signIn')}
          </Button>
        </div>
      ) : !browserLive.available && !on ? (
        <BrowserLiveComing />
      ) : on ? (
        <div css={row}>
          <p role="status">{t('live.mixer.live')}</p>
          <Button variant="danger" onClick={() => void finish()}>
            {t('live.mixer.stop')}
          </Button>
        </div>
      ) : existing?.status === 'live' ? (
        <p role="status" css={muted}>
          {t('live.mixer.busy')}
        </p>
      ) : (
        <div css={fields}>
          {existing ? null : (
            <>
              <TextField label={t('live.form.title')} value={title} maxLength={TITLE_MAX} onChange={(e) => setTitle(e.target.value)} />
              <Select
                label={t('live.form.genre')}
                value={genre}
                onValueChange={(value) => setGenre(value as StreamGenre)}
                options={STREAM_GENRES.map((value) => ({ value, label: t(`live.genre.${value}` as MessageId) }))}
              />
            </>
          )}
          <Button onClick={() => void goLive()} loading={pending || status.state === 'connecting'}>
            {existing ? t('live.mixer.goExisting', { title: existing.title }) : t('live.mixer.go')}
          </Button>
        </div>
      )}
      {status.state === 'failed' ? <p role="alert">{status.message}</p> : null}
    </Card>
  );
}
