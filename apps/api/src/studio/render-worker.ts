import { generateTrack, type TrackOptions } from '@grouarock/music-generator';
import { parentPort } from 'node:worker_threads';

/**
 * The built-in generator in a worker thread (its own bundle, dist/apps/api/studio-render-worker.js): a 5:30 track takes
 * over a second of CPU, which the API's event loop must not wait for. The samples go back transferred, not copied.
 */
parentPort?.on('message', ({ id, options }: { id: number; options: TrackOptions }) => {
  try {
    const track = generateTrack(options);
    parentPort!.postMessage({ id, track }, [track.left.buffer as ArrayBuffer, track.right.buffer as ArrayBuffer]);
  } catch (e) {
    parentPort!.postMessage({ id, error: (e as Error).message });
  }
});
