import { type IGainNode } from 'standardized-audio-context';
import { type EngineContext } from './context';
import { Spatial } from './spatial';
import { internals } from './testing/internals';
import { MockContext } from './testing/mock-context';

type Gain = IGainNode<EngineContext>;

describe('Spatial', () => {
  let context: MockContext;
  beforeEach(() => (context = new MockContext()));
  afterEach(() => context.reset());

  it('is a 2×2 gain matrix between a splitter and a merger, forcing stereo in', () => {
    const spatial = new Spatial(context);
    const { direct, cross } = internals<{ direct: Gain[]; cross: Gain[] }>(spatial);
    const splitter = context.nodesOf('ChannelSplitter')[0];
    const merger = context.nodesOf('ChannelMerger')[0];
    expect(spatial.output).toBe(merger);
    expect(spatial.input.channelCount).toBe(2);
    expect(spatial.input.channelCountMode).toBe('explicit');
    expect(context.isConnected(spatial.input, splitter)).toBe(true);
    for (const channel of [0, 1]) {
      expect(context.isConnected(splitter, direct[channel], channel)).toBe(true);
      expect(context.isConnected(direct[channel], merger, 0, channel)).toBe(true);
      expect(context.isConnected(splitter, cross[channel], channel)).toBe(true);
      expect(context.isConnected(cross[channel], merger, 0, 1 - channel)).toBe(true);
    }
  });

  it('is exactly the identity at 50, mono at 0 and twice as wide at 100', async () => {
    const spatial = new Spatial(context, { smoothing: 0 });
    const { direct, cross } = internals<{ direct: Gain[]; cross: Gain[] }>(spatial);
    const gains = (): number[] => [direct[0]?.gain.value ?? NaN, cross[0]?.gain.value ?? NaN];
    expect(gains()).toEqual([1, 0]);
    spatial.spatial = 0;
    await context.advance(0.001);
    expect(gains()).toEqual([0.5, 0.5]);
    spatial.spatial = 100;
    await context.advance(0.001);
    expect(gains()).toEqual([1.5, -0.5]);
    spatial.spatial = 140;
    expect(spatial.spatial).toBe(100);
  });

  it('dispose() disconnects its nodes', () => {
    new Spatial(context).dispose();
    expect(context.connectionCount).toBe(0);
  });
});
