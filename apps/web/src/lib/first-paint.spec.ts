import { afterFirstPaint, FONT_WAIT_MS } from './first-paint';

describe('afterFirstPaint', () => {
  let frames: FrameRequestCallback[] = [];
  const runFrame = () => {
    const due = frames;
    frames = [];
    for (const callback of due) callback(performance.now());
  };
  let fonts: { status: string; ready: Promise<unknown> };

  beforeEach(() => {
    jest.useFakeTimers();
    frames = [];
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    fonts = { status: 'loaded', ready: Promise.resolve() };
    Object.defineProperty(document, 'fonts', { configurable: true, get: () => fonts });
  });

  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  /** Lets pending promise callbacks run, with the fake timers due by then. */
  const settle = async (ms = 0) => {
    await jest.advanceTimersByTimeAsync(ms);
  };

  it('resolves right after the next frame when no font is loading', async () => {
    let done = false;
    void afterFirstPaint().then(() => (done = true));
    await settle();
    expect(done).toBe(false);
    runFrame();
    await settle();
    expect(done).toBe(true);
  });

  it("waits for the fonts being loaded, then for the frame that paints the text in them", async () => {
    let loaded: () => void = () => undefined;
    fonts = { status: 'loading', ready: new Promise<void>((resolve) => (loaded = resolve)) };
    let done = false;
    void afterFirstPaint().then(() => (done = true));
    runFrame();
    await settle();
    runFrame();
    await settle();
    expect(done).toBe(false);
    loaded();
    await settle();
    expect(done).toBe(false);
    runFrame();
    await settle();
    expect(done).toBe(true);
  });

  it('waits no longer than the fonts may hold text back', async () => {
    fonts = { status: 'loading', ready: new Promise(() => undefined) };
    let done = false;
    void afterFirstPaint().then(() => (done = true));
    runFrame();
    await settle(FONT_WAIT_MS - 1);
    runFrame();
    await settle();
    expect(done).toBe(false);
    await settle(1);
    runFrame();
    await settle();
    expect(done).toBe(true);
  });
});
