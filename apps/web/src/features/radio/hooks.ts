import { useAtom, useAtomValue } from 'jotai';
import { useEffect, useMemo, useRef } from 'react';
import { useAuth, useAuthDialog } from '../auth';
import { setLike, useLikeChanged, useStationLikes } from './api/likes';
import { useNowPlaying, usePushNowPlaying, type NowPlayingDto } from './api/now-playing';
import type { RealtimeMessage } from '../../lib/realtime-client';
import { useRealtimeChannel } from '../../lib/use-realtime-channel';
import { useStations, type StationDto } from './api/stations';
import { currentStationIdAtom, deckStateAtom, toggleLike, type LikeState } from './atoms';
import { useAsyncAction } from '../../lib/use-async-action';

/** Once the catalogue is in and nothing is chosen yet, the first featured station (else the first) is current. */
export function useDefaultStation(): void {
  const { data: stations } = useStations();
  const [current, setCurrent] = useAtom(currentStationIdAtom);
  useEffect(() => {
    if (current || !stations?.length) return;
    setCurrent((stations.find((s) => s.featured) ?? stations[0]).id);
  }, [stations, current, setCurrent]);
}

export function useCurrentStation(): StationDto | null {
  const { data: stations } = useStations();
  const id = useAtomValue(currentStationIdAtom);
  return useMemo(() => stations?.find((s) => s.id === id) ?? null, [stations, id]);
}

/** Now-playing of the current station (refreshed while it plays). */
export function useCurrentNowPlaying(): NowPlayingDto | null {
  const stationId = useAtomValue(currentStationIdAtom);
  const playing = useAtomValue(deckStateAtom) === 'playing';
  return useNowPlaying(stationId, playing);
}

/**
 * The current station's like count and whether the user likes it, and the toggle (which signs in anonymously
 * first when there is no session). The favourites and the weekly top follow each like.
 */
export function useLikes(stationId: string | null): {
  state: LikeState | null;
  busy: boolean;
  toggle: () => Promise<void>;
} {
  const auth = useAuth();
  const { data } = useStationLikes(stationId, auth.user?.id ?? null, auth.status !== 'loading');
  const likeChanged = useLikeChanged();
  const sessionRef = useRef(auth.session);
  useEffect(() => {
    sessionRef.current = auth.session;
  }, [auth.session]);

  const state = data ? { count: Math.max(0, data.count), likedByMe: data.likedByMe } : null;
  const { signInAnonymously } = auth;
  const { run: toggle, running: busy } = useAsyncAction(async () => {
    if (!stationId) return;
    const result = await toggleLike(stationId, state?.likedByMe ?? false, {
      hasSession: () => sessionRef.current !== null,
      signInAnonymously,
      like: (id) => setLike(id, true),
      unlike: (id) => setLike(id, false),
    });
    if (result) await likeChanged(stationId, result);
  });

  return { state, busy, toggle };
}

function isNowPlayingMessage(message: RealtimeMessage): message is RealtimeMessage & { data: NowPlayingDto } {
  return message.type === 'now_playing' && typeof message.data === 'object' && message.data !== null;
}

/** Subscribes to the current station's `station.<id>` channel; what it pushes becomes that station's now-playing. */
export function useNowPlayingPush(): void {
  const stationId = useAtomValue(currentStationIdAtom);
  const push = usePushNowPlaying();
  useRealtimeChannel(stationId ? `station.${stationId}` : null, (message) => {
    const prefix = 'station.';
    if (isNowPlayingMessage(message) && message.channel?.startsWith(prefix)) push(message.channel.slice(prefix.length), message.data);
  });
}

/** Opens the login dialog after 3 s on a visit with no user, auth settled and no stored session flag. */
export const LOGIN_DIALOG_DELAY_MS = 3000;

export function useAutoLoginDialog(): void {
  const { status, user, remembersSession } = useAuth();
  const dialog = useAuthDialog();
  useEffect(() => {
    if (status === 'loading' || user || remembersSession()) return;
    const timer = setTimeout(() => dialog.open('login'), LOGIN_DIALOG_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status, user, dialog, remembersSession]);
}
