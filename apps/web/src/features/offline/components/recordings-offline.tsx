import { useAuth } from '../../auth';
import { OfflineStorage } from './offline-storage';

/** Under the radio's recordings: the storage figure on a plan with offline, the way to one otherwise (once for all). */
export function RecordingsOffline() {
  const { user } = useAuth();
  return <OfflineStorage userId={user?.id ?? null} upgrade />;
}

export default RecordingsOffline;
