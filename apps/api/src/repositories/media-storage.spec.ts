import { Readable } from 'node:stream';
import { MediaStorage, StorageUnavailableError, type StoredObject } from './media-storage';

/** A store whose file begins to arrive and then breaks off, as a connection aborted mid-file does. */
class AbortingStore extends MediaStorage {
  get(): Promise<StoredObject | undefined> {
    const body = new Readable({
      read() {
        this.push(Buffer.from('#EXTM3U\n'));
        this.destroy(new Error('aborted'));
      },
    });
    return Promise.resolve({ body, length: 100 });
  }
  put = jest.fn();
  moveIn = jest.fn();
  size = jest.fn();
  remove = jest.fn();
  check = jest.fn();
  list = jest.fn();
}

describe('MediaStorage.readText', () => {
  it('turns a file that breaks off mid-way into StorageUnavailableError (the client gets 503, not 500)', async () => {
    const reading = new AbortingStore().readText('live/x/index.m3u8');
    await expect(reading).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(new AbortingStore().readText('live/x/index.m3u8')).rejects.toThrow('The media store failed reading live/x/index.m3u8: aborted');
  });
});
