import { Badge, Button, Dialog, Spinner } from '@grouarock/ui';
import { useState } from 'react';
import { useT } from '../../../lib/i18n';
import { ApiError } from '../../../lib/api';
import { useWatchUrl, type LiveStreamDto } from '../api/streams';
import { useStreamLocked } from '../stream-access';
import { LivePlayer } from './live-player';
import { muted, row } from './styles';
import { UltraLock } from './ultra-lock';

interface WatchDialogProps {
  /** The stream as the list (or a read of it alone) has it now; undefined while it is being read. */
  stream: LiveStreamDto | undefined;
  /** It does not exist (any more): deleted by its owner, or past the replays' retention. */
  gone: boolean;
  /** Reading it failed (not because it is gone): offered again with `onRetry`. */
  failed: boolean;
  onRetry: () => void;
  onClose: () => void;
  /** The signed-in viewer (null: nobody): whether an Ultra-only stream plays for them. */
  userId: string | null;
}

/**
 * The player, or in its place the lock for a viewer an Ultra-only stream is not for. An Ultra-only stream plays from the
 * URL POST /stream/{id}/watch gives this viewer (it carries their access, which hls.js and Safari cannot send otherwise).
 */
function StreamPlayer({ stream, userId, label }: { stream: LiveStreamDto; userId: string | null; label: string }) {
  const t = useT();
  const locked = useStreamLocked(stream, userId);
  const restricted = stream.requiredPlan === 'ultra';
  const watch = useWatchUrl(restricted && locked === false ? stream.id : null, userId);
  if (locked || (watch.error instanceof ApiError && watch.error.status === 403)) return <UltraLock />;
  const live = stream.status === 'live';
  if (!restricted) return <LivePlayer src={stream.playbackUrl} streamId={stream.id} live={live} label={label} />;
  if (watch.data) return <LivePlayer src={watch.data.playbackUrl} streamId={stream.id} live={live} label={label} />;
  return (
    <div role="status">
      {watch.error ? <p role="alert">{t('live.now.error')}</p> : <Spinner label={t('live.watch.connecting')} />}
    </div>
  );
}

/**
 * Watching one stream. It is told the stream as the list has it now, so when the stream ends while watched, the
 * viewer sees that at once (the realtime event reloads the list); the player plays on to the last segment. When it is
 * deleted while watched, or was already when opened (from an old notification), the dialog says so instead.
 */
export function WatchDialog({ stream, gone, failed, onRetry, onClose, userId }: WatchDialogProps) {
  const t = useT();
  // Whether this dialog saw its stream live, and the last stream it was told (state adjusted while rendering, React's
  // pattern for "what it was before"): a stream read again shows what it was meanwhile, not an empty dialog. The
  // dialog is mounted anew for each stream (keyed by its id), so neither needs to say which stream it was.
  const [seenLive, setSeenLive] = useState(false);
  const [last, setLast] = useState(stream);
  if (stream && stream !== last) setLast(stream);
  if (stream?.status === 'live' && !seenLive) setSeenLive(true);
  const shown = stream ?? last;
  const close = (open: boolean) => !open && onClose();

  if (gone || !shown) {
    return (
      <Dialog open onOpenChange={close} title={gone ? t('live.watch.goneTitle') : t('live.watch.title')} description={shown?.title} closeLabel={t('live.watch.close')} size="lg">
        <div role="status">
          {gone ? <p>{t('live.watch.gone')}</p> : null}
          {!gone && !failed ? <Spinner label={t('live.watch.connecting')} /> : null}
        </div>
        {failed ? (
          <p role="alert">
            {t('live.now.error')}{' '}
            <Button size="sm" variant="ghost" onClick={onRetry}>
              {t('live.retry')}
            </Button>
          </p>
        ) : null}
      </Dialog>
    );
  }

  const ended = seenLive && shown.status === 'ended';
  return (
    <Dialog open onOpenChange={close} title={shown.title} description={shown.ownerName ?? t('live.card.anonymous')} closeLabel={t('live.watch.close')} size="lg">
      <StreamPlayer stream={shown} userId={userId} label={t('live.watch.video', { title: shown.title })} />
      <div css={row}>
        {shown.status === 'live' ? <Badge tone="live">{t('live.badge.live')}</Badge> : <Badge tone="neutral">{t('live.badge.replay')}</Badge>}
        {shown.status === 'live' ? <span css={muted}>{t('live.card.viewers', { count: shown.viewers })}</span> : null}
      </div>
      <div role="status">
        {ended ? (
          <p>
            <strong>{t('live.watch.ended')}</strong> {t('live.watch.endedText')}
          </p>
        ) : null}
      </div>
      {shown.description ? <p css={muted}>{shown.description}</p> : null}
    </Dialog>
  );
}
