import { getStudioTrackOffline } from '@grouarock/api-client';
import { dataOf } from '../../../lib/query';
import { OfflineToggle } from './offline-toggle';

/** GET /studio/tracks/{id}/offline: the whole MP3, which the server gives only on a plan with offline. */
async function loadTrack(id: string): Promise<Blob> {
  return dataOf(getStudioTrackOffline({ path: { id }, parseAs: 'blob', throwOnError: true }));
}

/** "Zachowaj offline" for a track of the studio library. */
export function StudioTrackOffline({ userId, track }: { userId: string; track: { id: string; title: string } }) {
  return <OfflineToggle owner={userId} kind="studio" id={track.id} title={track.title} load={() => loadTrack(track.id)} />;
}

export default StudioTrackOffline;
