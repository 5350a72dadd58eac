import { getNowPlaying, listStations } from '@grouarock/api-client';
import type { NowPlaying } from '@grouarock/audio-engine';
import { audioContext } from '../../lib/audio-context';
import { MixerSession } from './mixer-session';
import type { MixerKnobs } from './mixer-state';
import type { CatalogueStation } from './station-search';

/** What the overlay needs from the outside world; tests pass fakes. */
export interface MixerServices {
  /** The combined catalogue. */
  loadStations: () => Promise<CatalogueStation[]>;
  /** The audio engine, wired; created when the overlay opens and disposed when it closes. */
  createSession: (settings: MixerKnobs) => MixerSession;
}

export async function fetchNowPlaying(stationId: string): Promise<NowPlaying | null> {
  const { data } = await getNowPlaying({ path: { id: stationId }, throwOnError: true });
  return { artist: data.artist ?? undefined, title: data.title ?? undefined, program: data.program ?? undefined };
}

export const mixerServices: MixerServices = {
  loadStations: async () => (await listStations({ throwOnError: true })).data,
  createSession: (settings) => new MixerSession({ context: audioContext(), settings, fetchNowPlaying }),
};
