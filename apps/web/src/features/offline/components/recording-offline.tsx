import { useAuth } from '../../auth';
import { OfflineToggle } from './offline-toggle';

/**
 * "Zachowaj offline" for a finished radio recording (`load` gives its bytes): kept in the app besides the file it was
 * saved as. Without a plan that has offline it shows nothing: the list says so once (RecordingsOffline).
 */
export function RecordingOffline({ recording, load }: { recording: { id: string; fileName: string }; load: () => Promise<Blob> }) {
  const { user } = useAuth();
  return <OfflineToggle owner={user?.id ?? null} kind="recording" id={recording.id} title={recording.fileName} load={load} upgrade={false} />;
}

export default RecordingOffline;
