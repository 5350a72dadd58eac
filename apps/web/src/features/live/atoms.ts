import { atom } from 'jotai';

/** A "went live" notification, kept in this browser only (the spec's local notification list). */
export interface LiveNotification {
  id: string;
  streamId: string;
  ownerName: string | null;
  title: string;
  createdAt: number;
  read: boolean;
}

/** The newest first; at most this many are kept. */
export const MAX_NOTIFICATIONS = 20;

export const notificationsAtom = atom<LiveNotification[]>([]);

/** Adds one for a stream that went live (once per stream). */
export const addNotificationAtom = atom(null, (get, set, notification: Omit<LiveNotification, 'id' | 'read'>) => {
  const list = get(notificationsAtom);
  if (list.some((n) => n.streamId === notification.streamId)) return;
  set(notificationsAtom, [{ ...notification, id: notification.streamId, read: false }, ...list].slice(0, MAX_NOTIFICATIONS));
});

export const dismissNotificationAtom = atom(null, (get, set, id: string) => set(notificationsAtom, get(notificationsAtom).filter((n) => n.id !== id)));

export const markAllReadAtom = atom(null, (get, set) => set(notificationsAtom, get(notificationsAtom).map((n) => ({ ...n, read: true }))));

/** One notification read: the user opened it (its stream's watch dialog). */
export const markReadAtom = atom(null, (get, set, id: string) =>
  set(notificationsAtom, get(notificationsAtom).map((n) => (n.id === id && !n.read ? { ...n, read: true } : n))),
);
