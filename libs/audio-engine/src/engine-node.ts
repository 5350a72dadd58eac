import {
  type IAnalyserNode,
  type IAudioNode,
  type IBiquadFilterNode,
  type IGainNode,
  type TBiquadFilterType,
  type TContext,
} from 'standardized-audio-context';
import { type Clock, systemClock } from './clock';
import { type EngineAudioNode, type EngineContext } from './context';
import { Disposables } from './disposables';
import { Emitter, type EventMap, type Listener } from './emitter';
import { Timers } from './timers';

/** Where a connection can go: a node, or an engine object's input. */
export type ConnectTarget = IAudioNode<TContext> | { readonly input: EngineAudioNode | undefined };

/**
 * The base of every engine class (Tone.js style): explicit `input` and `output` nodes (undefined for a
 * pure source or a pure sink), typed events, and `dispose()` that releases every node, listener and
 * timer the object made. The audio context is always passed in.
 */
export abstract class EngineNode<Events extends EventMap = Record<never, never>> {
  /** Where audio enters; undefined for a source. */
  abstract readonly input: EngineAudioNode | undefined;
  /** Where audio leaves; undefined for a sink. */
  abstract readonly output: EngineAudioNode | undefined;

  /** Nodes to disconnect, listeners to remove and other clean-up, run by dispose(). */
  protected readonly disposables = new Disposables();
  /** Every timer this object has running; dispose() clears them all. */
  protected readonly timers: Timers;
  private readonly emitter = new Emitter<Events>();
  private isDisposed = false;

  protected constructor(
    readonly context: EngineContext,
    protected readonly clock: Clock = systemClock,
  ) {
    this.timers = new Timers(clock);
  }

  get disposed(): boolean {
    return this.isDisposed;
  }

  /** Listens to one of this object's events; returns the function that stops listening. */
  on<K extends keyof Events>(type: K, listener: Listener<Events[K]>): () => void {
    return this.emitter.on(type, listener);
  }

  off<K extends keyof Events>(type: K, listener: Listener<Events[K]>): void {
    this.emitter.off(type, listener);
  }

  /** Connects this object's output to a node or to another engine object's input; returns the target. */
  connect<T extends ConnectTarget>(target: T, outputIndex = 0, inputIndex = 0): T {
    const output = this.requireOutput();
    const node = resolveTarget(target);
    if (!node) throw new Error('The target has no input to connect to');
    output.connect(node, outputIndex, inputIndex);
    return target;
  }

  /** Disconnects this object's output from everything, or from one target. */
  disconnect(target?: ConnectTarget): void {
    const output = this.requireOutput();
    if (!target) {
      output.disconnect();
      return;
    }
    const node = resolveTarget(target);
    if (node) output.disconnect(node);
  }

  /** Connects the output to the context's speakers (or the offline context's rendered buffer). */
  toDestination(): this {
    this.requireOutput().connect(this.context.destination);
    return this;
  }

  /** Releases every node, listener and timer this object made. Safe to call twice. */
  dispose(): void {
    if (this.isDisposed) return;
    this.isDisposed = true;
    this.timers.clearAll();
    try {
      this.disposables.run();
    } finally {
      this.emitter.clear();
    }
  }

  protected emit<K extends keyof Events>(type: K, payload: Events[K]): void {
    this.emitter.emit(type, payload);
  }

  protected assertLive(): void {
    if (this.isDisposed) throw new Error(`${this.constructor.name} was disposed`);
  }

  /** A gain node owned by this object (disconnected on dispose). */
  protected createGain(value = 1): IGainNode<EngineContext> {
    const node = this.disposables.node(this.context.createGain());
    node.gain.value = value;
    return node;
  }

  protected createBiquad(type: TBiquadFilterType, frequency: number, q: number): IBiquadFilterNode<EngineContext> {
    const node = this.disposables.node(this.context.createBiquadFilter());
    node.type = type;
    node.frequency.value = frequency;
    node.Q.value = q;
    return node;
  }

  protected createAnalyser(fftSize: number): IAnalyserNode<EngineContext> {
    const node = this.disposables.node(this.context.createAnalyser());
    node.fftSize = fftSize;
    return node;
  }

  protected createSplitter(outputs: number): EngineAudioNode {
    return this.disposables.node(this.context.createChannelSplitter(outputs));
  }

  protected createMerger(inputs: number): EngineAudioNode {
    return this.disposables.node(this.context.createChannelMerger(inputs));
  }

  private requireOutput(): EngineAudioNode {
    if (!this.output) throw new Error(`${this.constructor.name} has no output`);
    return this.output;
  }
}

/** An audio node is itself the target; an engine object is reached through its input. */
function resolveTarget(target: ConnectTarget): IAudioNode<TContext> | undefined {
  return 'numberOfInputs' in target ? target : target.input;
}
