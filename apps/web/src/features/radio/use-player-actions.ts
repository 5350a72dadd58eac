import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { StationDto } from './api/stations';
import { NO_STATIONS, useStations } from './api/stations';
import { deckStateAtom, filterStations, filtersAtom, mutedAtom, nowPlayingLine, playQueueAtom, queueStep, volumeAtom } from './atoms';
import { useCurrentNowPlaying, useCurrentStation } from './hooks';
import { useRadio } from './radio-context';

export interface PlayerActions {
  play: (station: StationDto) => void;
  togglePlay: () => void;
  step: (direction: 1 | -1) => void;
  /** Plays a playlist's stations in order: next and previous move through them. */
  playQueue: (name: string, stations: readonly StationDto[]) => void;
}

/**
 * Plays a station. All a station's card or list entry needs: unlike usePlayerActions it follows neither the deck, the
 * queue nor the filters, so the many entries of a list do not each render again when one of those changes.
 */
export function usePlay(): PlayerActions['play'] {
  const radio = useRadio();
  return useCallback(
    (station: StationDto) => {
      radio.play(station).catch((error: unknown) => console.warn('Playback failed', error));
    },
    [radio],
  );
}

/** Play, pause and next/previous station (through the playlist being played, else the stations as filtered). */
export function usePlayerActions(): PlayerActions {
  const radio = useRadio();
  const play = usePlay();
  const { data: stations = NO_STATIONS } = useStations();
  const filters = useAtomValue(filtersAtom);
  const current = useCurrentStation();
  const state = useAtomValue(deckStateAtom);
  const queue = useAtomValue(playQueueAtom);
  const visible = useMemo(() => filterStations(stations, filters), [stations, filters]);

  const togglePlay = useCallback(() => {
    if (state === 'playing' || state === 'loading' || state === 'reconnecting') radio.pause();
    else if (current) play(current);
  }, [state, current, radio, play]);

  const step = useCallback(
    (direction: 1 | -1) => {
      const queued = queue ? queueStep(queue.stationIds, current?.id ?? null, direction) : null;
      const inQueue = queued ? stations.find((s) => s.id === queued) : undefined;
      const list = visible.length > 0 ? visible : stations;
      const index = current ? list.findIndex((s) => s.id === current.id) : -1;
      const next = inQueue ?? list[(index + direction + list.length) % list.length];
      if (next) play(next);
    },
    [queue, visible, stations, current, play],
  );

  const playQueue = useCallback(
    (name: string, list: readonly StationDto[]) => {
      radio.playQueue(name, list).catch((error: unknown) => console.warn('Playback failed', error));
    },
    [radio],
  );

  return { play, togglePlay, step, playQueue };
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return true;
  return Boolean(target.closest('[role="slider"], [role="dialog"], [role="listbox"], [role="combobox"], [role="menu"]'));
}

/** Space: play/pause, ↑/↓: volume ±5, M: mute. Ignored while typing, on a slider or in a dialog. */
export function useKeyboardShortcuts(actions: PlayerActions): void {
  const radio = useRadio();
  const volume = useAtomValue(volumeAtom);
  const muted = useAtomValue(mutedAtom);
  const latest = useRef({ actions, volume, muted });
  useEffect(() => {
    latest.current = { actions, volume, muted };
  }, [actions, volume, muted]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      const { actions: a, volume: v, muted: m } = latest.current;
      const onButton = event.target instanceof HTMLElement && Boolean(event.target.closest('button, a'));
      if (event.key === ' ' && !onButton) {
        event.preventDefault();
        a.togglePlay();
      } else if (event.key === 'ArrowUp') {
        event.preventDefault();
        radio.setVolume(v + 5);
      } else if (event.key === 'ArrowDown') {
        event.preventDefault();
        radio.setVolume(v - 5);
      } else if (event.key === 'm' || event.key === 'M') {
        radio.setMuted(!m);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [radio]);
}

/** The OS media controls: metadata of the current track and play, pause, next and previous station. */
export function useMediaSession(actions: PlayerActions): void {
  const current = useCurrentStation();
  const nowPlaying = useCurrentNowPlaying();
  const state = useAtomValue(deckStateAtom);
  const radio = useRadio();
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  }, [actions]);

  useEffect(() => {
    if (typeof navigator === 'undefined' || !('mediaSession' in navigator) || typeof MediaMetadata === 'undefined') return;
    const line = nowPlayingLine(nowPlaying);
    navigator.mediaSession.metadata = current
      ? new MediaMetadata({
          title: line?.title ?? nowPlaying?.program ?? current.name,
          artist: line && 'artist' in line ? line.artist : current.name,
          album: current.name,
        })
      : null;
  }, [current, nowPlaying]);

  useEffect(() => {
    if (typeof navigator === 'undefined' || !('mediaSession' in navigator)) return;
    navigator.mediaSession.playbackState = state === 'playing' ? 'playing' : state === 'stopped' ? 'none' : 'paused';
  }, [state]);

  useEffect(() => {
    if (typeof navigator === 'undefined' || !('mediaSession' in navigator)) return;
    const session = navigator.mediaSession;
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => latest.current.togglePlay()],
      ['pause', () => radio.pause()],
      ['nexttrack', () => latest.current.step(1)],
      ['previoustrack', () => latest.current.step(-1)],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // An action this browser does not support.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // Unsupported, as above.
        }
      }
    };
  }, [radio]);
}
