import { css, type Theme } from '@emotion/react';
import { useState } from 'react';
import { useAuth } from '../../auth';
import { ApiError } from '../../../lib/api';
import { useCurrentStream, useStream, useStreamList, type CreatedStreamDto } from '../api/streams';
import { useLiveEvents } from '../use-live-events';
import { LiveList } from './live-list';
import { MyStream } from './my-stream';
import { NotificationsPanel } from './notifications-panel';
import { StartStreamForm } from './start-stream-form';
import { WatchDialog } from './watch-dialog';

const layout = (theme: Theme) => css`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
  gap: ${theme.space[5]};
  align-self: stretch;

  ${theme.mq.below('lg')} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const column = (theme: Theme) => css`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[5]};
  min-width: 0;
`;

/**
 * The live part of the home page's #streaming section: who is live now and the replays, starting one's own stream
 * (or running it), the notifications, and the player for the stream being watched.
 */
export default function LiveSection() {
  const { user } = useAuth();
  const account = user && !user.is_anonymous ? user : null;
  const list = useStreamList();
  const current = useCurrentStream(account?.id ?? null);
  const [created, setCreated] = useState<CreatedStreamDto | null>(null);
  const [watching, setWatching] = useState<string | null>(null);
  useLiveEvents(setWatching);

  const all = [...(list.data?.live ?? []), ...(list.data?.replays ?? [])];
  const listed = all.find((s) => s.id === watching);
  // A stream the list does not hold (an older replay, a notification's stream, one just deleted) is read on its own.
  const single = useStream(watching && !listed && !list.isLoading ? watching : null);
  const gone = single.error instanceof ApiError && single.error.status === 404;
  const mine = current.data?.stream ? current.data : null;
  return (
    <div css={layout}>
      <div css={column}>
        <LiveList
          live={list.data?.live}
          replays={list.data?.replays}
          loading={list.isLoading}
          failed={Boolean(list.error)}
          onRetry={() => void list.mutate()}
          onWatch={setWatching}
          userId={account?.id ?? null}
        />
        <StartStreamForm
          signedIn={Boolean(account)}
          active={Boolean(mine)}
          onCreated={(stream) => {
            setCreated(stream);
            void current.mutate();
          }}
        />
        {mine ? <MyStream current={mine} created={created} /> : null}
      </div>
      <div css={column}>
        <NotificationsPanel onWatch={setWatching} />
      </div>
      {watching ? (
        <WatchDialog
          key={watching}
          stream={listed ?? single.data}
          gone={gone}
          failed={Boolean(single.error) && !gone}
          onRetry={() => void single.mutate()}
          onClose={() => setWatching(null)}
          userId={account?.id ?? null}
        />
      ) : null}
    </div>
  );
}
