import type { UpdatePlaylistDto } from '@grouarock/api-client';
import { useToast } from '@grouarock/ui';
import { ApiError } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { useAsyncAction } from '../../../lib/use-async-action';
import { usePlaylistWrites } from '../api/playlists';

/**
 * PATCH a playlist from a button (move, remove, publish): one change at a time, and a failure said in a toast (the
 * plan's size when the plan refused it). Resolves to whether it was saved.
 */
export function usePlaylistSave(id: string, maxStations: number) {
  const t = useT();
  const { show } = useToast();
  const { update } = usePlaylistWrites();
  return useAsyncAction(async (body: UpdatePlaylistDto): Promise<boolean> => {
    try {
      await update(id, body);
      return true;
    } catch (error) {
      console.warn('Saving the playlist failed', error);
      show({ tone: 'error', title: error instanceof ApiError && error.code === 'plan_limit' ? t('playlists.full', { max: maxStations }) : t('playlists.saveFailed') });
      return false;
    }
  });
}
