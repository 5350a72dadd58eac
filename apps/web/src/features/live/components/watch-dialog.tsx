import { Badge, Dialog } from '@grouarock/ui';
import { useState } from 'react';
import { useT } from '../../../lib/i18n';
import type { LiveStreamDto } from '../api/streams';
import { HlsPlayer } from './hls-player';
import { muted, row } from './styles';

/**
 * Watching one stream. It is told the stream as the list has it now, so when the stream ends while watched, the
 * viewer sees that at once (the realtime event reloads the list); the player plays on to the last segment.
 */
export function WatchDialog({ stream, onClose }: { stream: LiveStreamDto | undefined; onClose: () => void }) {
  const t = useT();
  // The stream this dialog saw live (state adjusted while rendering, React's pattern for "what it was before").
  const [seenLive, setSeenLive] = useState<string | null>(null);
  if (stream?.status === 'live' && seenLive !== stream.id) setSeenLive(stream.id);
  if (!stream) return null;
  const ended = seenLive === stream.id && stream.status === 'ended';
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={stream.title} description={stream.ownerName ?? t('live.card.anonymous')} closeLabel={t('live.watch.close')} size="lg">
      <HlsPlayer src={stream.playbackUrl} label={t('live.watch.video', { title: stream.title })} />
      <div css={row}>
        {stream.status === 'live' ? <Badge tone="live">{t('live.badge.live')}</Badge> : <Badge tone="neutral">{t('live.badge.replay')}</Badge>}
        {stream.status === 'live' ? <span css={muted}>{t('live.card.viewers', { count: stream.viewers })}</span> : null}
      </div>
      <div role="status">
        {ended ? (
          <p>
            <strong>{t('live.watch.ended')}</strong> {t('live.watch.endedText')}
          </p>
        ) : null}
      </div>
      {stream.description ? <p css={muted}>{stream.description}</p> : null}
    </Dialog>
  );
}
