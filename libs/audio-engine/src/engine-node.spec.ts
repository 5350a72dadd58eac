import { type IGainNode } from 'standardized-audio-context';
import { type EngineContext } from './context';
import { EngineNode } from './engine-node';
import { mockContextPerTest } from './testing/per-test-context';

class Probe extends EngineNode<{ ping: number }> {
  readonly input: IGainNode<EngineContext>;
  readonly output: IGainNode<EngineContext>;
  constructor(context: EngineContext) {
    super(context);
    this.input = this.createGain(0.5);
    this.output = this.createGain();
    this.input.connect(this.output);
    this.timers.interval(() => undefined, 1000);
  }
  ping(n: number): void {
    this.emit('ping', n);
  }
  check(): void {
    this.assertLive();
  }
}

class Sink extends EngineNode {
  readonly input: IGainNode<EngineContext>;
  readonly output = undefined;
  constructor(context: EngineContext) {
    super(context);
    this.input = this.createGain();
  }
}

describe('EngineNode', () => {
  const audio = mockContextPerTest();

  it('connects its output to nodes, to other engine objects and to the destination', () => {
    const probe = new Probe(audio.context);
    const other = new Probe(audio.context);
    const node = audio.context.createGain();
    expect(probe.connect(other)).toBe(other);
    expect(probe.connect(node)).toBe(node);
    probe.toDestination();
    expect(audio.context.isConnected(probe.output, other.input)).toBe(true);
    expect(audio.context.isConnected(probe.output, node)).toBe(true);
    expect(audio.context.isConnected(probe.output, audio.context.destination)).toBe(true);
    probe.disconnect(other);
    expect(audio.context.isConnected(probe.output, other.input)).toBe(false);
    probe.disconnect();
    expect(audio.context.targets(probe.output)).toEqual([]);
  });

  it('refuses to connect without an output or into a target without an input', () => {
    const sink = new Sink(audio.context);
    expect(() => sink.connect(audio.context.createGain())).toThrow(/no output/);
    const probe = new Probe(audio.context);
    expect(() => probe.connect({ input: undefined })).toThrow(/no input/);
  });

  it('emits typed events until disposed', () => {
    const probe = new Probe(audio.context);
    const listener = jest.fn();
    const stop = probe.on('ping', listener);
    probe.ping(1);
    stop();
    probe.ping(2);
    probe.on('ping', listener);
    probe.dispose();
    probe.ping(3);
    expect(listener.mock.calls).toEqual([[1]]);
  });

  it('dispose() disconnects its nodes, clears its timers, and is idempotent', () => {
    const probe = new Probe(audio.context);
    expect(jest.getTimerCount()).toBe(1);
    probe.dispose();
    probe.dispose();
    expect(probe.disposed).toBe(true);
    expect(audio.context.connectionCount).toBe(0);
    expect(jest.getTimerCount()).toBe(0);
    expect(() => probe.check()).toThrow(/disposed/);
  });
});
