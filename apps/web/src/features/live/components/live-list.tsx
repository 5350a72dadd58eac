import { css, type Theme } from '@emotion/react';
import { Button, Spinner } from '@grouarock/ui';
import { useT } from '../../../lib/i18n';
import type { LiveStreamDto } from '../api/streams';
import { StreamCard } from './stream-card';
import { block, muted, subheading } from './styles';

const grid = (theme: Theme) => css`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr));
  gap: ${theme.space[3]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

export interface LiveListProps {
  live: LiveStreamDto[] | undefined;
  replays: LiveStreamDto[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  onWatch: (id: string) => void;
  /** The signed-in account: its own replays can be deleted. */
  userId: string | null;
}

/** Streams live now (updated as they start and end), and under them the latest replays. */
export function LiveList({ live, replays, loading, failed, onRetry, onWatch, userId }: LiveListProps) {
  const t = useT();
  return (
    <>
      <section css={block} aria-labelledby="live-now-heading" aria-busy={loading}>
        <h3 id="live-now-heading" css={subheading}>
          {t('live.now.title')}
        </h3>
        {loading ? <Spinner label={t('common.loading')} /> : null}
        {failed ? (
          <div role="alert">
            <p css={muted}>{t('live.now.error')}</p>
            <Button size="sm" variant="secondary" onClick={onRetry}>
              {t('live.retry')}
            </Button>
          </div>
        ) : null}
        {live && live.length === 0 ? <p css={muted}>{t('live.now.empty')}</p> : null}
        {live && live.length > 0 ? (
          <ul css={grid} aria-live="polite">
            {live.map((stream) => (
              <StreamCard key={stream.id} stream={stream} onWatch={onWatch} userId={userId} />
            ))}
          </ul>
        ) : null}
      </section>
      {replays && replays.length > 0 ? (
        <section css={block} aria-labelledby="live-replays-heading">
          <h3 id="live-replays-heading" css={subheading}>
            {t('live.replays.title')}
          </h3>
          <ul css={grid}>
            {replays.map((stream) => (
              <StreamCard key={stream.id} stream={stream} onWatch={onWatch} userId={userId} />
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
