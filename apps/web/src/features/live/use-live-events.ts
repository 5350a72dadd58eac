import { useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { RealtimeClient, realtimeUrl, type RealtimeMessage } from '../../lib/realtime-client';
import { useT } from '../../lib/i18n';
import { useAuth } from '../auth';
import { useStreamsChanged, type LiveStreamDto } from './api/streams';
import { addNotificationAtom, markReadAtom } from './atoms';
import { playChime, showBrowserNotification } from './live-alert';

/** What `global.events` says of streams: each one changes the list. */
const STREAM_EVENTS = new Set(['stream_started', 'stream_ended', 'stream_deleted']);

function streamOf(message: RealtimeMessage): LiveStreamDto | undefined {
  const data = message.data as Partial<LiveStreamDto> | undefined;
  return typeof data?.id === 'string' && typeof data.title === 'string' ? (data as LiveStreamDto) : undefined;
}

/**
 * `global.events`: every stream that starts, ends or is deleted reloads the list (and the user's own stream); one
 * that someone else starts adds a notification, plays the chime and, when allowed, shows "NA ŻYWO" from the browser.
 * `onWatch` opens a stream when its browser notification is clicked, which also marks it read in the list.
 */
export function useLiveEvents(onWatch: (streamId: string) => void): void {
  const t = useT();
  const { session } = useAuth();
  const add = useSetAtom(addNotificationAtom);
  const markRead = useSetAtom(markReadAtom);
  const changed = useStreamsChanged();
  const latest = useRef({ t, session, add, markRead, onWatch, changed });
  useEffect(() => {
    latest.current = { t, session, add, markRead, onWatch, changed };
  });

  useEffect(() => {
    const client = new RealtimeClient({
      // global.events is public: no token, so an access token expiring never drops this connection.
      url: () => realtimeUrl(null),
      onMessage: (message) => {
        if (message.channel !== 'global.events' || !STREAM_EVENTS.has(message.type)) return;
        const stream = streamOf(message);
        const { session: current, t: translate, add: notify, markRead: read, onWatch: watch, changed: reload } = latest.current;
        void reload(current?.user.id ?? null);
        if (message.type !== 'stream_started' || !stream || stream.userId === current?.user.id) return;
        const ownerName = stream.ownerName ?? translate('live.card.anonymous');
        notify({ streamId: stream.id, ownerName: stream.ownerName, title: stream.title, createdAt: Date.now() });
        playChime();
        // Opening it from the browser reads it in the list too (the list's notification id is the stream's).
        showBrowserNotification(translate('live.notifications.browserTitle'), translate('live.notifications.message', { name: ownerName, title: stream.title }), () => {
          read(stream.id);
          watch(stream.id);
        });
      },
    });
    client.subscribe('global.events');
    client.connect();
    return () => client.close();
  }, []);
}
