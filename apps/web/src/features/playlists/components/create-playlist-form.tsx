import { useToast } from '@grouarock/ui';
import { useT } from '../../../lib/i18n';
import { usePlaylistWrites } from '../api/playlists';
import { PlaylistNameForm } from './playlist-name-form';

/** A new, empty, private playlist. */
export function CreatePlaylistForm() {
  const t = useT();
  const { show } = useToast();
  const { create } = usePlaylistWrites();
  const save = async (name: string) => {
    try {
      const created = await create(name);
      show({ tone: 'success', title: t('playlists.create.done', { name: created?.name ?? name }) });
      return true;
    } catch (error) {
      console.warn('Creating a playlist failed', error);
      show({ tone: 'error', title: t('playlists.saveFailed') });
      return false;
    }
  };
  return <PlaylistNameForm label={t('playlists.create.name')} submit={t('playlists.create.submit')} busy={t('playlists.create.busy')} onSave={save} clearOnSave />;
}
