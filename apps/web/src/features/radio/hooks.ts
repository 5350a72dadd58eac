import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { SESSION_FLAG_KEY, useAuth, useAuthDialog } from '../auth';
import { radioApi, type StationDto } from './api/radio-api';
import { RealtimeClient, realtimeUrl, type RealtimeMessage } from './api/realtime-client';
import {
  currentStationIdAtom,
  favouriteIdsAtom,
  likesAtom,
  likesVersionAtom,
  nowPlayingAtom,
  stationsAtom,
  toggleLike,
  withFavourite,
  type LikeState,
} from './atoms';
import type { NowPlayingDto } from './api/radio-api';
import { useAsyncAction } from '../../lib/use-async-action';

/** Loads the catalogue once per page visit; `retry` after an error. */
export function useStationsLoader(): () => void {
  const setStations = useSetAtom(stationsAtom);
  const setCurrent = useSetAtom(currentStationIdAtom);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    radioApi
      .stations()
      .then((data) => {
        if (!live) return;
        setStations({ status: 'ready', data });
        const first = data.find((s) => s.featured) ?? data[0];
        setCurrent((current) => current ?? first?.id ?? null);
      })
      .catch((error: unknown) => {
        console.warn('Could not load the stations', error);
        if (live) setStations({ status: 'error' });
      });
    return () => {
      live = false;
    };
  }, [attempt, setStations, setCurrent]);
  return useCallback(() => {
    setStations({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, [setStations]);
}

export function useStations(): StationDto[] {
  const stations = useAtomValue(stationsAtom);
  return stations.status === 'ready' ? stations.data : [];
}

export function useCurrentStation(): StationDto | null {
  const stations = useStations();
  const id = useAtomValue(currentStationIdAtom);
  return useMemo(() => stations.find((s) => s.id === id) ?? null, [stations, id]);
}

/**
 * The current station's like count and the user's favourites (the stations they like, from the server, kept in
 * step with their own likes and unlikes).
 */
export function useLikes(stationId: string | null): {
  state: LikeState | null;
  busy: boolean;
  toggle: () => Promise<void>;
} {
  const auth = useAuth();
  const userId = auth.user?.id ?? null;
  const authReady = auth.status !== 'loading';
  const [likes, setLikes] = useAtom(likesAtom);
  const setFavourites = useSetAtom(favouriteIdsAtom);
  const setVersion = useSetAtom(likesVersionAtom);
  const sessionRef = useRef(auth.session);
  useEffect(() => {
    sessionRef.current = auth.session;
  }, [auth.session]);

  const remember = useCallback(
    (id: string, state: LikeState) => {
      setLikes((all) => ({ ...all, [id]: state }));
      setFavourites((ids) => withFavourite(ids, id, state.likedByMe));
    },
    [setLikes, setFavourites],
  );

  // The current station's count and likedByMe, again whenever the user changes.
  useEffect(() => {
    if (!stationId || !authReady) return;
    let live = true;
    radioApi
      .likes(stationId)
      .then((state) => live && remember(stationId, state))
      .catch((error: unknown) => console.warn('Could not read the likes', error));
    return () => {
      live = false;
    };
  }, [stationId, userId, authReady, remember]);

  // The user's favourites, whenever the user changes.
  useEffect(() => {
    if (!authReady) return;
    setFavourites([]);
    if (!userId) return;
    let live = true;
    radioApi
      .liked()
      .then((ids) => live && setFavourites(ids))
      .catch((error: unknown) => console.warn('Could not read the favourites', error));
    return () => {
      live = false;
    };
  }, [userId, authReady, setFavourites]);

  const state = stationId ? (likes[stationId] ?? null) : null;
  const { signInAnonymously } = auth;
  const { run: toggle, running: busy } = useAsyncAction(async () => {
    if (!stationId) return;
    const result = await toggleLike(stationId, state?.likedByMe ?? false, {
      hasSession: () => sessionRef.current !== null,
      signInAnonymously,
      like: radioApi.like,
      unlike: radioApi.unlike,
    });
    if (result) {
      remember(stationId, result);
      setVersion((n) => n + 1);
    }
  });

  return { state, busy, toggle };
}

function isNowPlayingMessage(message: RealtimeMessage): message is RealtimeMessage & { data: NowPlayingDto } {
  return message.type === 'now_playing' && typeof message.data === 'object' && message.data !== null;
}

/**
 * Now-playing of the current station: pushed on the `station.<id>` channel, fetched 100 ms after a switch
 * (and every 30 s while playing, by the engine's nowplayingrequest) as the fallback.
 */
export function useNowPlayingFeed(fetchNowPlaying: (id: string) => Promise<void>): void {
  const stationId = useAtomValue(currentStationIdAtom);
  const setNowPlaying = useSetAtom(nowPlayingAtom);
  const { session } = useAuth();
  const tokenRef = useRef<string | null>(null);
  const stationRef = useRef(stationId);
  useEffect(() => {
    tokenRef.current = session?.accessToken ?? null;
    stationRef.current = stationId;
  }, [session, stationId]);
  const [client, setClient] = useState<RealtimeClient | null>(null);

  useEffect(() => {
    const realtime = new RealtimeClient({
      url: () => realtimeUrl(tokenRef.current),
      onMessage: (message) => {
        if (isNowPlayingMessage(message) && message.channel === `station.${stationRef.current ?? ''}`) setNowPlaying(message.data);
      },
    });
    realtime.connect();
    setClient(realtime);
    return () => realtime.close();
  }, [setNowPlaying]);

  useEffect(() => {
    if (!client || !stationId) return;
    const channel = `station.${stationId}`;
    client.subscribe(channel);
    return () => client.unsubscribe(channel);
  }, [client, stationId]);

  // A newly chosen station: clear, then fetch after 100 ms (the engine does the same once playing).
  useEffect(() => {
    if (!stationId) return;
    setNowPlaying(null);
    const timer = setTimeout(() => void fetchNowPlaying(stationId), 100);
    return () => clearTimeout(timer);
  }, [stationId, setNowPlaying, fetchNowPlaying]);
}

/** Opens the login dialog after 3 s on a visit with no user, auth settled and no stored session flag. */
export const LOGIN_DIALOG_DELAY_MS = 3000;

export function useAutoLoginDialog(): void {
  const { status, user } = useAuth();
  const dialog = useAuthDialog();
  useEffect(() => {
    if (status === 'loading' || user) return;
    let stored: string | null = null;
    try {
      stored = localStorage.getItem(SESSION_FLAG_KEY);
    } catch {
      stored = null;
    }
    if (stored) return;
    const timer = setTimeout(() => dialog.open('login'), LOGIN_DIALOG_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status, user, dialog]);
}
