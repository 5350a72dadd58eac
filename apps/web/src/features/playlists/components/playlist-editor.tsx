import { Button, Dialog, IconButton, Spinner, Switch, useToast } from '@grouarock/ui';
import { useState } from 'react';
import { CopyField } from '../../../lib/copy-field';
import { useT } from '../../../lib/i18n';
import { useSiteOrigin } from '../../../lib/site-origin';
import { useAsyncAction } from '../../../lib/use-async-action';
import { usePlaylist, usePlaylistWrites, type PlaylistDetailDto, type PlaylistItemDto } from '../api/playlists';
import { moved, shareUrl, stationCount, toInputs, without } from '../playlist-items';
import { PlaylistNameForm } from './playlist-name-form';
import { PlaylistSize } from './playlist-size';
import { LoadError } from './load-error';
import { grow, stack } from './styles';
import { muted, plainList, row } from '../../../lib/panel-styles';
import { usePlaylistSave } from './use-playlist-save';

/** The entry buttons' symbols (their names say what they do). */
const ICONS = { up: '↑', down: '↓', remove: '✕' } as const;

function RenameForm({ playlist, maxStations }: { playlist: PlaylistDetailDto; maxStations: number }) {
  const t = useT();
  const { show } = useToast();
  const save = usePlaylistSave(playlist.id, maxStations);
  const rename = async (name: string) => {
    const saved = (await save.run({ name })) ?? false;
    if (saved) show({ tone: 'success', title: t('playlists.saved') });
    return saved;
  };
  return <PlaylistNameForm label={t('playlists.rename.label')} submit={t('playlists.rename.submit')} busy={t('playlists.rename.busy')} defaultName={playlist.name} onSave={rename} />;
}

function itemName(item: PlaylistItemDto): string {
  return item.type === 'station' ? (item.station?.name ?? '') : `${item.track?.artist ?? ''} — ${item.track?.title ?? ''}`;
}

/** The entries in order, each movable up and down (buttons, so the keyboard does it too) and removable. */
function Items({ playlist, maxStations }: { playlist: PlaylistDetailDto; maxStations: number }) {
  const t = useT();
  const save = usePlaylistSave(playlist.id, maxStations);
  const items = playlist.items;
  if (!items.length) return <p css={muted}>{t('playlists.items.empty')}</p>;
  const saveItems = (next: PlaylistItemDto[]) => void save.run({ items: toInputs(next) });
  return (
    <ol css={plainList} aria-label={t('playlists.items.label')} data-testid="playlist-items">
      {items.map((item, index) => {
        const name = itemName(item);
        return (
          <li key={`${index}-${item.station?.id ?? item.track?.id ?? ''}`} css={row}>
            <span css={grow}>
              {item.type === 'station' ? t('playlists.item.station', { name }) : t('playlists.item.track', { artist: item.track?.artist ?? '', title: item.track?.title ?? '' })}
            </span>
            <IconButton size="sm" label={t('playlists.item.up', { name })} disabled={index === 0 || save.running} onClick={() => saveItems(moved(items, index, -1))}>
              {ICONS.up}
            </IconButton>
            <IconButton size="sm" label={t('playlists.item.down', { name })} disabled={index === items.length - 1 || save.running} onClick={() => saveItems(moved(items, index, 1))}>
              {ICONS.down}
            </IconButton>
            <IconButton size="sm" label={t('playlists.item.remove', { name })} disabled={save.running} onClick={() => saveItems(without(items, index))}>
              {ICONS.remove}
            </IconButton>
          </li>
        );
      })}
    </ol>
  );
}

/** Public or not, and the link to share once it is. */
function Sharing({ playlist, maxStations }: { playlist: PlaylistDetailDto; maxStations: number }) {
  const t = useT();
  const origin = useSiteOrigin();
  const save = usePlaylistSave(playlist.id, maxStations);
  return (
    <div css={stack}>
      <Switch label={t('playlists.public')} checked={playlist.isPublic} disabled={save.running} onCheckedChange={(isPublic) => void save.run({ isPublic })} />
      {playlist.isPublic ? <CopyField label={t('playlists.share.link')} value={shareUrl(origin, playlist.id)} /> : <p css={muted}>{t('playlists.share.private')}</p>}
    </div>
  );
}

/** "Delete", asked once more in a dialog. */
function DeletePlaylist({ playlist }: { playlist: PlaylistDetailDto }) {
  const t = useT();
  const { show } = useToast();
  const { remove } = usePlaylistWrites();
  const [open, setOpen] = useState(false);
  const { run, running } = useAsyncAction(async () => {
    try {
      await remove(playlist.id);
      setOpen(false);
      show({ tone: 'success', title: t('playlists.delete.done') });
    } catch (error) {
      console.warn('Deleting the playlist failed', error);
      show({ tone: 'error', title: t('playlists.saveFailed') });
    }
  });
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      size="sm"
      title={t('playlists.delete.title', { name: playlist.name })}
      description={t('playlists.delete.text')}
      closeLabel={t('playlists.delete.cancel')}
      trigger={
        <Button size="sm" variant="ghost">
          {t('playlists.delete')}
        </Button>
      }
      footer={
        <div css={row}>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('playlists.delete.cancel')}
          </Button>
          <Button variant="danger" loading={running} onClick={() => void run()}>
            {t('playlists.delete.confirm')}
          </Button>
        </div>
      }
    />
  );
}

/** One of the user's playlists opened for changes: its name, entries, size, sharing and deletion. */
export function PlaylistEditor({ id, userId, maxStations }: { id: string; userId: string; maxStations: number }) {
  const t = useT();
  const { data, error, isLoading, mutate } = usePlaylist(id, userId);
  if (isLoading) return <Spinner label={t('playlists.loading')} size="sm" />;
  if (error || !data) {
    return <LoadError text={t('playlists.error')} onRetry={() => void mutate()} />;
  }
  return (
    <section css={stack} aria-label={t('playlists.editing', { name: data.name })}>
      <RenameForm key={data.name} playlist={data} maxStations={maxStations} />
      <PlaylistSize count={stationCount(data.items)} max={maxStations} />
      <Items playlist={data} maxStations={maxStations} />
      <Sharing playlist={data} maxStations={maxStations} />
      <div css={row}>
        <DeletePlaylist playlist={data} />
      </div>
    </section>
  );
}
