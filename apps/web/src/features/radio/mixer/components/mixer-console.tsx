import { css, type Theme } from '@emotion/react';
import type { DeckId, HeadphoneStatus, OutputDevice } from '@grouarock/audio-engine';
import { Button, FullscreenDialog, Spinner } from '@grouarock/ui';
import { Suspense, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useT } from '../../../../lib/i18n';
import type { MixerOverlayProps } from '../mixer-overlay-props';
import { audioContext } from '../../../../lib/audio-context';
import { NO_STATIONS, useStations } from '../../api/stations';
import { MixerSession, type DeckStatus } from '../mixer-session';
import { initialMixerState, reduceMixer, type MixerAction, type MixerState } from '../mixer-state';
import { useLevelMeters } from '../use-level-meters';
import { DeckPanel } from './deck-panel';
import { MasterPanel } from './master-panel';
import { MixerBroadcast } from '../../../live';

const layout = (theme: Theme) => css`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 22rem) minmax(0, 1fr);
  gap: ${theme.space[4]};
  align-items: start;

  ${theme.mq.below('lg')} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    & > [data-master] {
      grid-column: 1 / -1;
      order: 3;
    }
  }

  /* Down to 375 px: one column, deck A, the master section, deck B. */
  ${theme.mq.belowMobile} {
    grid-template-columns: minmax(0, 1fr);
    & > [data-master] {
      order: 0;
    }
  }
`;

/** Going live with the mix: under the decks, the whole width, last on every layout. */
const broadcast = css`
  grid-column: 1 / -1;
  order: 4;
`;

const centred = (theme: Theme) => css`
  display: grid;
  justify-items: center;
  gap: ${theme.space[3]};
  padding: ${theme.space[6]};
`;

const stoppedDeck: DeckStatus = { state: 'stopped', stationId: null };

function stateReducer(state: MixerState, action: MixerAction): MixerState {
  return reduceMixer(state, action).state;
}

/** The PRO DJ MIXER overlay (the default export that features/mixer's `MixerOverlay` loads lazily). */
export default function MixerConsole({ open, onOpenChange }: MixerOverlayProps) {
  const t = useT();
  const [mixer, dispatchState] = useReducer(stateReducer, initialMixerState);
  // The latest state for event handlers; dispatch() moves it at once, so quick successive moves stay exact.
  const mixerRef = useRef(mixer);
  useEffect(() => {
    mixerRef.current = mixer;
  }, [mixer]);
  const [session, setSession] = useState<MixerSession | null>(null);
  // The catalogue the radio page already holds (one request, shared); "Spróbuj ponownie" reads it again.
  const { data: catalogue, error: catalogueError, isLoading, mutate: reloadStations } = useStations();
  const stations = catalogue ?? NO_STATIONS;
  const [chosen, setChosen] = useState<Record<DeckId, string | null>>({ a: null, b: null });
  const [decks, setDecks] = useState<Record<DeckId, DeckStatus>>({ a: stoppedDeck, b: stoppedDeck });
  const [headphones, setHeadphones] = useState<HeadphoneStatus | null>(null);
  const [devices, setDevices] = useState<OutputDevice[]>([]);
  const [deviceId, setDeviceId] = useState<string | null>(null);

  // Until the DJ picks, two different stations are preselected so the decks are ready to play.
  const selected: Record<DeckId, string | null> = { a: chosen.a ?? stations[0]?.id ?? null, b: chosen.b ?? (stations[1] ?? stations[0])?.id ?? null };

  // The engine lives exactly as long as the overlay is open: closing stops both decks and disposes it.
  useEffect(() => {
    if (!open) return;
    const created = new MixerSession({ context: audioContext(), settings: mixerRef.current.knobs });
    const stopDeck = created.on('deck', (id, status) => setDecks((current) => ({ ...current, [id]: status })));
    const stopPhones = created.on('headphones', setHeadphones);
    setSession(created);
    setHeadphones(created.headphoneStatus);
    created.listOutputDevices().then(setDevices, () => setDevices([]));
    return () => {
      stopDeck();
      stopPhones();
      created.dispose();
      setSession(null);
      setDecks({ a: stoppedDeck, b: stoppedDeck });
      setHeadphones(null);
      setDeviceId(null);
    };
  }, [open]);

  const dispatch = useCallback(
    (action: MixerAction) => {
      const { state, changes } = reduceMixer(mixerRef.current, action);
      mixerRef.current = state;
      session?.set(changes);
      dispatchState(action);
    },
    [session],
  );

  const read = useCallback(() => (session as MixerSession).levels(), [session]);
  const levels = useLevelMeters(open && session ? read : null);

  function play(deck: DeckId) {
    const station = stations.find((candidate) => candidate.id === selected[deck]);
    if (!session || !station) return;
    void session.play(deck, station);
  }

  function choose(deck: DeckId, stationId: string) {
    setChosen((current) => ({ ...current, [deck]: stationId }));
    // A deck that is playing switches straight to the new station.
    const station = stations.find((candidate) => candidate.id === stationId);
    if (session && station && decks[deck].state !== 'stopped' && decks[deck].state !== 'error') void session.play(deck, station);
  }

  function chooseDevice(id: string) {
    if (!session) return;
    setDeviceId(id);
    void session.setOutputDevice(id).then(setHeadphones);
  }

  const deckPanel = (deck: DeckId) => (
    <DeckPanel
      deck={deck}
      stations={stations}
      selectedId={selected[deck]}
      onSelect={(id) => choose(deck, id)}
      status={decks[deck]}
      knobs={mixer.knobs}
      dispatch={dispatch}
      onPlay={() => play(deck)}
      onPause={() => session?.pause(deck)}
      level={levels[deck]}
    />
  );

  return (
    <FullscreenDialog title={t('mixer.title')} closeLabel={t('mixer.close')} open={open} onOpenChange={onOpenChange}>
      {isLoading || (!catalogue && !catalogueError) ? (
        <div css={centred}>
          <Spinner label={t('mixer.stationsLoading')} />
        </div>
      ) : !catalogue ? (
        <div css={centred} role="alert">
          <p>{t('mixer.stationsError')}</p>
          <Button onClick={() => void reloadStations()}>{t('mixer.retry')}</Button>
        </div>
      ) : (
        <div css={layout}>
          {deckPanel('a')}
          <div data-master>
            <MasterPanel
              knobs={mixer.knobs}
              dispatch={dispatch}
              level={levels.master}
              headphones={headphones}
              devices={devices}
              deviceId={deviceId}
              onDevice={chooseDevice}
            />
          </div>
          {deckPanel('b')}
          <div css={broadcast}>
            <Suspense fallback={<Spinner label={t('common.loading')} />}>
              <MixerBroadcast feed={() => session?.liveFeed() ?? null} level={() => (session ? session.levels().master.rms : -60)} />
            </Suspense>
          </div>
        </div>
      )}
    </FullscreenDialog>
  );
}
