import { useSetAtom } from 'jotai';
import type { RealtimeMessage } from '../../lib/realtime-client';
import { useRealtimeChannel } from '../../lib/use-realtime-channel';
import { useT } from '../../lib/i18n';
import { useAuth } from '../auth';
import { useStreamsChanged, type LiveStreamDto } from './api/streams';
import { addNotificationAtom, markReadAtom } from './atoms';
import { playChime, showBrowserNotification } from './live-alert';

/** What `global.events` says of streams: each one changes the list. */
const STREAM_EVENTS = new Set(['stream_started', 'stream_ended', 'stream_deleted', 'stream_updated']);

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
  // global.events is public: the tab's connection carries it whether or not anyone is signed in.
  useRealtimeChannel('global.events', (message) => {
    if (!STREAM_EVENTS.has(message.type)) return;
    const stream = streamOf(message);
    void changed(session?.user.id ?? null);
    if (message.type !== 'stream_started' || !stream || stream.userId === session?.user.id) return;
    const ownerName = stream.ownerName ?? t('live.card.anonymous');
    add({ streamId: stream.id, ownerName: stream.ownerName, title: stream.title, createdAt: Date.now() });
    playChime();
    // Opening it from the browser reads it in the list too (the list's notification id is the stream's).
    showBrowserNotification(t('live.notifications.browserTitle'), t('live.notifications.message', { name: ownerName, title: stream.title }), () => {
      markRead(stream.id);
      onWatch(stream.id);
    });
  });
}
