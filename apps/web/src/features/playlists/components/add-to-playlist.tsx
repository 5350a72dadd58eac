import type { PlaylistItemInputDto } from '@grouarock/api-client';
import { Button, DropdownMenu, DropdownMenuItem, DropdownMenuLabel, useToast } from '@grouarock/ui';
import { useT } from '../../../lib/i18n';
import { useAsyncAction } from '../../../lib/use-async-action';
import { useAuth } from '../../auth';
import { findTrackId, readPlaylist, useMyPlaylists, type PlaylistDto } from '../api/playlists';
import { hasItem, stationCount, toInputs } from '../playlist-items';
import { usePlaylistSave } from './use-playlist-save';

export interface AddToPlaylistProps {
  /** The station playing now. */
  station?: { id: string; name: string } | null;
  /** The track heard now (now-playing carries no id: it is looked up among the tracks our relays recorded). */
  track?: { artist: string; title: string } | null;
}

type Outcome = { kind: 'added' } | { kind: 'already' } | { kind: 'full' } | { kind: 'unknownTrack' } | { kind: 'failed' };

function AddItem({ playlist, maxStations, input }: { playlist: PlaylistDto; maxStations: number; input: () => Promise<PlaylistItemInputDto | undefined> }) {
  const t = useT();
  const { show } = useToast();
  const save = usePlaylistSave(playlist.id, maxStations);
  const { run } = useAsyncAction(async (): Promise<Outcome> => {
    const item = await input();
    if (!item) return { kind: 'unknownTrack' };
    const current = await readPlaylist(playlist.id);
    if (hasItem(current, item)) return { kind: 'already' };
    if (item.type === 'station' && stationCount(current.items) >= maxStations) return { kind: 'full' };
    return (await save.run({ items: [...toInputs(current.items), item] })) ? { kind: 'added' } : { kind: 'failed' };
  });
  const choose = () =>
    void run()
      .then((outcome) => {
        const name = playlist.name;
        switch (outcome?.kind) {
          case 'added':
            return show({ tone: 'success', title: t('playlists.add.done', { name }) });
          case 'already':
            return show({ tone: 'info', title: t('playlists.add.already', { name }) });
          case 'full':
            return show({ tone: 'error', title: t('playlists.add.full', { name, max: maxStations }) });
          case 'unknownTrack':
            return show({ tone: 'error', title: t('playlists.add.trackUnknown') });
          case 'failed':
          case undefined:
            return undefined;
        }
      })
      .catch((error: unknown) => {
        console.warn('Adding to the playlist failed', error);
        show({ tone: 'error', title: t('playlists.saveFailed') });
      });
  return (
    <DropdownMenuItem onSelect={choose}>
      {t('playlists.add.option', { name: playlist.name, size: t('playlists.size', { count: playlist.stationCount, max: maxStations }) })}
    </DropdownMenuItem>
  );
}

/** "Dodaj do playlisty": the station playing, or the track heard, added to one of the account's playlists. */
export function AddToPlaylist({ station, track }: AddToPlaylistProps) {
  const t = useT();
  const { user } = useAuth();
  const { data } = useMyPlaylists(user && !user.is_anonymous ? user.id : null);
  const what = station ?? track;
  if (!data || !what) return null;
  const label = station ? t('playlists.add.station', { name: station.name }) : t('playlists.add.track', { artist: track?.artist ?? '', title: track?.title ?? '' });
  const input = async (): Promise<PlaylistItemInputDto | undefined> => {
    if (station) return { type: 'station', id: station.id };
    const id = track ? await findTrackId(track.artist, track.title) : undefined;
    return id ? { type: 'track', id } : undefined;
  };
  return (
    <DropdownMenu
      label={t('playlists.add.choose')}
      trigger={
        <Button size="sm" variant="secondary" aria-label={label}>
          {t('playlists.add.label')}
        </Button>
      }
    >
      <DropdownMenuLabel>{t('playlists.add.choose')}</DropdownMenuLabel>
      {data.playlists.length ? (
        data.playlists.map((playlist) => <AddItem key={playlist.id} playlist={playlist} maxStations={data.maxStationsPerPlaylist} input={input} />)
      ) : (
        <DropdownMenuLabel>{t('playlists.add.none')}</DropdownMenuLabel>
      )}
    </DropdownMenu>
  );
}

export default AddToPlaylist;
