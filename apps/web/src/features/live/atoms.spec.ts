import { createStore } from 'jotai';
import { addNotificationAtom, dismissNotificationAtom, markAllReadAtom, markReadAtom, MAX_NOTIFICATIONS, notificationsAtom } from './atoms';

const went = (streamId: string) => ({ streamId, ownerName: 'Kasia', title: `Koncert ${streamId}`, createdAt: 0 });

describe('live notifications', () => {
  it('adds one per stream, the newest first, and keeps the latest 20', () => {
    const store = createStore();
    store.set(addNotificationAtom, went('a'));
    store.set(addNotificationAtom, went('a'));
    store.set(addNotificationAtom, went('b'));
    expect(store.get(notificationsAtom).map((n) => n.streamId)).toEqual(['b', 'a']);
    for (let i = 0; i < 30; i++) store.set(addNotificationAtom, went(`s${i}`));
    expect(store.get(notificationsAtom)).toHaveLength(MAX_NOTIFICATIONS);
    expect(store.get(notificationsAtom)[0].streamId).toBe('s29');
  });

  it('dismisses one and marks all read', () => {
    const store = createStore();
    store.set(addNotificationAtom, went('a'));
    store.set(addNotificationAtom, went('b'));
    store.set(dismissNotificationAtom, 'a');
    expect(store.get(notificationsAtom).map((n) => n.streamId)).toEqual(['b']);
    store.set(markAllReadAtom);
    expect(store.get(notificationsAtom).every((n) => n.read)).toBe(true);
  });

  it('marks one read, the one opened', () => {
    const store = createStore();
    store.set(addNotificationAtom, went('a'));
    store.set(addNotificationAtom, went('b'));
    store.set(markReadAtom, 'a');
    expect(store.get(notificationsAtom).map((n) => [n.streamId, n.read])).toEqual([
      ['b', false],
      ['a', true],
    ]);
  });
});
