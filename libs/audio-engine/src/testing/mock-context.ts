// A standardized-audio-context-mock AudioContext that also records the graph: every node created through
// it is tracked, with its outgoing connections, so tests can assert wiring and that dispose() disconnects
// everything. It fills the mock's gaps (channel splitter/merger, analyser, a stable destination, a
// media stream destination that needs no MediaStream global).
import {
  type IAudioNode,
  type IMediaElementAudioSourceNode,
  type IMediaStreamAudioDestinationNode,
  type TContext,
} from 'standardized-audio-context';
import { AudioContext as AudioContextMock, AudioNode as AudioNodeMock, registrar } from 'standardized-audio-context-mock';

export type AnyNode = IAudioNode<TContext>;

interface Edge {
  readonly to: unknown;
  readonly output: number;
  readonly input: number;
}

class PlainNodeMock extends AudioNodeMock<AudioContextMock> {
  constructor(context: AudioContextMock, inputs: number, outputs: number, channelCount = 2) {
    super({ channelCount, channelCountMode: 'explicit', channelInterpretation: 'speakers', context, numberOfInputs: inputs, numberOfOutputs: outputs });
  }
}

/** An analyser whose time-domain data a test sets. */
export class AnalyserMock extends PlainNodeMock {
  fftSize = 2048;
  smoothingTimeConstant = 0.8;
  minDecibels = -100;
  maxDecibels = -30;
  /** What getFloatTimeDomainData copies out (repeated or cut to the array's length). */
  samples: Float32Array = new Float32Array(0);

  constructor(context: AudioContextMock) {
    super(context, 1, 1);
  }

  get frequencyBinCount(): number {
    return this.fftSize / 2;
  }

  getFloatTimeDomainData(array: Float32Array): void {
    for (let i = 0; i < array.length; i++) array[i] = this.samples.length ? (this.samples[i % this.samples.length] ?? 0) : 0;
  }
}

export class MockContext extends AudioContextMock {
  /** Every node made through this context, in order, with its factory's name. */
  readonly created: Array<{ readonly type: string; readonly node: AnyNode }> = [];
  private readonly edges = new Map<unknown, Edge[]>();
  private readonly destinationNode: AnyNode;

  constructor(options: { sampleRate?: number } = {}) {
    super(options);
    this.destinationNode = new PlainNodeMock(this, 1, 0) as unknown as AnyNode;
  }

  override get destination(): never {
    return this.destinationNode as never;
  }

  override createGain(): ReturnType<AudioContextMock['createGain']> {
    return this.track('Gain', super.createGain());
  }

  override createBiquadFilter(): ReturnType<AudioContextMock['createBiquadFilter']> {
    return this.track('BiquadFilter', super.createBiquadFilter());
  }

  override createBufferSource(): ReturnType<AudioContextMock['createBufferSource']> {
    return this.track('BufferSource', super.createBufferSource());
  }

  override createAnalyser(): ReturnType<AudioContextMock['createAnalyser']> {
    return this.track('Analyser', new AnalyserMock(this) as unknown as ReturnType<AudioContextMock['createAnalyser']>);
  }

  override createChannelSplitter(outputs = 6): ReturnType<AudioContextMock['createChannelSplitter']> {
    return this.track('ChannelSplitter', new PlainNodeMock(this, 1, outputs, outputs) as unknown as ReturnType<AudioContextMock['createChannelSplitter']>);
  }

  override createChannelMerger(inputs = 6): ReturnType<AudioContextMock['createChannelMerger']> {
    return this.track('ChannelMerger', new PlainNodeMock(this, inputs, 1, 1) as unknown as ReturnType<AudioContextMock['createChannelMerger']>);
  }

  override createMediaElementSource(element: HTMLMediaElement): IMediaElementAudioSourceNode<this> {
    return this.track('MediaElementSource', super.createMediaElementSource(element));
  }

  override createMediaStreamDestination(): IMediaStreamAudioDestinationNode<this> {
    const node = new PlainNodeMock(this, 1, 0) as unknown as { stream: MediaStream };
    node.stream = { id: 'mock-stream' } as unknown as MediaStream;
    return this.track('MediaStreamDestination', node as unknown as IMediaStreamAudioDestinationNode<this>);
  }

  /** Nodes made by a factory ("Gain", "BiquadFilter", …). */
  nodesOf(type: string): AnyNode[] {
    return this.created.filter((entry) => entry.type === type).map((entry) => entry.node);
  }

  /** The nodes `node` is connected to now. */
  targets(node: unknown): unknown[] {
    return (this.edges.get(node) ?? []).map((edge) => edge.to);
  }

  /** Whether `node` is connected to `target` now (optionally at given output/input indices). */
  isConnected(node: unknown, target: unknown, output?: number, input?: number): boolean {
    return (this.edges.get(node) ?? []).some(
      (edge) => edge.to === target && (output === undefined || edge.output === output) && (input === undefined || edge.input === input),
    );
  }

  /** Whether signal can flow from `from` to `to` along the current connections. */
  reaches(from: unknown, to: unknown): boolean {
    const seen = new Set<unknown>();
    const queue = [from];
    while (queue.length) {
      const node = queue.shift();
      if (node === to) return true;
      if (seen.has(node)) continue;
      seen.add(node);
      queue.push(...this.targets(node));
    }
    return false;
  }

  /** Connections leaving nodes made through this context. */
  get connectionCount(): number {
    let count = 0;
    for (const entry of this.created) count += this.edges.get(entry.node)?.length ?? 0;
    return count;
  }

  /** Moves the mock's audio clock forward (scheduled automation advances with it). */
  async advance(seconds: number): Promise<void> {
    const deLorean = registrar.getDeLorean(this as unknown as TContext);
    if (!deLorean) throw new Error('No clock for this mock context');
    await deLorean.travel(seconds);
  }

  /** Forgets this context in the mock's registry. */
  reset(): void {
    registrar.reset(this as unknown as TContext);
  }

  private track<T>(type: string, node: T): T {
    const audioNode = node as unknown as AnyNode & Record<'connect' | 'disconnect', unknown>;
    const edges: Edge[] = [];
    this.edges.set(audioNode, edges);
    audioNode.connect = (to: unknown, output = 0, input = 0): unknown => {
      edges.push({ to, output, input });
      return to;
    };
    audioNode.disconnect = (to?: unknown, output?: number, input?: number): void => {
      if (to === undefined || typeof to === 'number') {
        edges.length = 0;
        return;
      }
      for (let i = edges.length - 1; i >= 0; i--) {
        const edge = edges[i] as Edge;
        if (edge.to === to && (output === undefined || edge.output === output) && (input === undefined || edge.input === input)) edges.splice(i, 1);
      }
    };
    this.created.push({ type, node: audioNode });
    return node;
  }
}
