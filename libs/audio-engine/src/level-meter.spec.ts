import { LevelMeter } from './level-meter';
import { type AnalyserMock, MockContext } from './testing/mock-context';

describe('LevelMeter', () => {
  let context: MockContext;
  beforeEach(() => (context = new MockContext()));
  afterEach(() => context.reset());

  it('reads peak and RMS per channel of a stereo signal', () => {
    const meter = new LevelMeter(context, { fftSize: 1024 });
    const [left, right] = context.nodesOf('Analyser') as unknown as [AnalyserMock, AnalyserMock];
    expect(left.fftSize).toBe(1024);
    const splitter = context.nodesOf('ChannelSplitter')[0];
    expect(meter.input).toBe(splitter);
    expect(context.isConnected(splitter, left, 0)).toBe(true);
    expect(context.isConnected(splitter, right, 1)).toBe(true);
    left.samples = Float32Array.from({ length: 1024 }, (_, i) => 0.5 * Math.sin((2 * Math.PI * 8 * i) / 1024));
    right.samples = Float32Array.from([0.25, -0.25]);
    const reading = meter.read();
    expect(reading.channels[0]?.peak).toBeCloseTo(0.5, 3);
    expect(reading.channels[0]?.rms).toBeCloseTo(0.5 * Math.SQRT1_2, 3);
    expect(reading.channels[1]).toEqual({ peak: 0.25, rms: 0.25 });
    expect(reading.peak).toBeCloseTo(0.5, 3);
    expect(reading.peakDb).toBeCloseTo(-6.02, 1);
  });

  it('has a mono mode with one analyser as its input', () => {
    const meter = new LevelMeter(context, { channels: 1 });
    const [analyser] = context.nodesOf('Analyser') as unknown as [AnalyserMock];
    expect(meter.input).toBe(analyser);
    expect(meter.output).toBeUndefined();
    analyser.samples = Float32Array.from([0, 0.1, -0.2]);
    expect(meter.read().peak).toBeCloseTo(0.2, 6);
  });

  it('dispose() disconnects its nodes and stops reading', () => {
    const meter = new LevelMeter(context);
    meter.dispose();
    expect(context.connectionCount).toBe(0);
    expect(() => meter.read()).toThrow(/disposed/);
  });
});
