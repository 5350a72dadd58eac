import type { RecordingChunk } from '@grouarock/audio-engine';

const DB_NAME = 'grouarock-recordings';
const STORE = 'chunks';

/** A recording whose chunks are still in IndexedDB: the page was closed or reloaded while it ran. */
export interface UnfinishedRecording {
  recordingId: string;
  stationName: string;
  chunks: Blob[];
  mimeType: string;
}

interface StoredChunk {
  key: string;
  recordingId: string;
  stationName: string;
  index: number;
  data: Blob;
  mimeType: string;
}

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(STORE, { keyPath: 'key' });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB unavailable'));
  });
}

async function withStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T> | void): Promise<T | undefined> {
  const db = await open();
  try {
    return await new Promise<T | undefined>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request ? request.result : undefined);
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    });
  } finally {
    db.close();
  }
}

/** Keeps the 1 s chunks of a running recording so a crash or reload loses at most a second. */
export const recordingStore = {
  async put(chunk: RecordingChunk): Promise<void> {
    const stored: StoredChunk = {
      key: `${chunk.recordingId}:${String(chunk.index).padStart(8, '0')}`,
      recordingId: chunk.recordingId,
      stationName: chunk.stationName,
      index: chunk.index,
      data: chunk.data,
      mimeType: chunk.mimeType,
    };
    await withStore('readwrite', (store) => {
      store.put(stored);
    });
  },

  async unfinished(): Promise<UnfinishedRecording[]> {
    const all = ((await withStore<StoredChunk[]>('readonly', (store) => store.getAll() as IDBRequest<StoredChunk[]>)) ?? []).sort((a, b) =>
      a.key.localeCompare(b.key),
    );
    const byId = new Map<string, UnfinishedRecording>();
    for (const chunk of all) {
      let recording = byId.get(chunk.recordingId);
      if (!recording) {
        recording = { recordingId: chunk.recordingId, stationName: chunk.stationName, chunks: [], mimeType: chunk.mimeType };
        byId.set(chunk.recordingId, recording);
      }
      recording.chunks.push(chunk.data);
    }
    return [...byId.values()];
  },

  async remove(recordingId: string): Promise<void> {
    await withStore('readwrite', (store) => {
      store.delete(IDBKeyRange.bound(`${recordingId}:`, `${recordingId}:\uffff`));
    });
  },
};

/**
 * The blob behind each object URL downloadBlob made: the page's Content-Security-Policy (connect-src 'self') lets no
 * fetch read a blob: URL back, and "Zachowaj offline" (features/offline) keeps the recording's own bytes.
 */
const savedBlobs = new Map<string, Blob>();

/** The recording saved under `url` by downloadBlob, if this page saved it. */
export function savedBlob(url: string): Blob | undefined {
  return savedBlobs.get(url);
}

/** Saves a blob as a file through a temporary link. */
export function downloadBlob(blob: Blob, fileName: string): string {
  const url = URL.createObjectURL(blob);
  savedBlobs.set(url, blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  return url;
}
