import { pickRecorderFormat } from './browser-publisher';

describe('pickRecorderFormat', () => {
  beforeAll(() => {
    (globalThis as { MediaRecorder?: unknown }).MediaRecorder = class {};
  });
  afterAll(() => {
    delete (globalThis as { MediaRecorder?: unknown }).MediaRecorder;
  });

  it('prefers H.264, which the server copies, over VP8, which it has to encode', () => {
    expect(pickRecorderFormat(() => true)?.codec).toBe('h264');
    expect(pickRecorderFormat((type) => type.includes('vp8'))?.codec).toBe('vp8');
  });

  it('has nothing when the browser records no WebM video', () => {
    expect(pickRecorderFormat(() => false)).toBeUndefined();
  });
});
