import { S3MediaStorage } from './s3-media-storage';

describe('S3MediaStorage.presignedGet', () => {
  afterEach(() => jest.useRealTimers());

  it('signs a GET exactly as AWS documents it (the example of "Authenticating Requests: Using Query Parameters")', async () => {
    jest.useFakeTimers({ now: new Date('2013-05-24T00:00:00Z') });
    const store = new S3MediaStorage({
      endpoint: 'https://s3.amazonaws.com',
      bucket: 'examplebucket',
      region: 'us-east-1',
      credentials: { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' },
      forcePathStyle: false,
    });
    try {
      expect(await store.presignedGet('test.txt', 86_400)).toBe(
        'https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
      );
    } finally {
      store.onModuleDestroy();
    }
  });

  it('puts the bucket in the path for a path-style store (MinIO, s3rver), port kept', async () => {
    const store = new S3MediaStorage({ endpoint: 'http://127.0.0.1:9000', bucket: 'media', region: 'us-east-1', credentials: { accessKeyId: 'k', secretAccessKey: 's' }, forcePathStyle: true });
    try {
      const url = new URL((await store.presignedGet('studio/g1/0.mp3', 600))!);
      expect(`${url.origin}${url.pathname}`).toBe('http://127.0.0.1:9000/media/studio/g1/0.mp3');
      expect(url.searchParams.get('X-Amz-Expires')).toBe('600');
      expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('host');
      await expect(store.presignedGet('../other-bucket/x', 600)).rejects.toThrow('Not a media key');
    } finally {
      store.onModuleDestroy();
    }
  });
});
