// The audio benchmark's two graphs (run by `npm run bench:audio`): the engine's full two-deck mixer, and the same
// nodes wired by hand on the native Web Audio API. Both render the same sources for the same time.
//
// In an OfflineAudioContext, standardized-audio-context makes the native connections only when rendering
// starts, walking back from the destination: what does not reach the destination (the level meters and
// the headphone cue bus, dead ends in an offline render) is created but never rendered. The hand-built
// graph creates the same nodes and wires what reaches the destination, so both render the same work; the
// benchmark checks that by counting the native connections each one actually renders with.
//
// The library also gives every scheduled source (the test decks here) a silent connection to the
// destination (a gain at 0, so its "ended" event fires in every browser). That belongs to the test
// sources, not to the mixer (in the app the decks are media-element sources, which get none), so the
// hand-built graph gives its sources the same connection and the mixers are compared on equal inputs.
import { OfflineAudioContext as EngineOfflineAudioContext } from 'standardized-audio-context';
import {
  DjMixer,
  type EqSettings,
  crossfaderGains,
  crossfaderPosition,
  eqKnobToGain,
  levelToGain,
  spatialToWidth,
  trimToGain,
  widthMatrix,
} from '../../src/index';
import { noiseBuffer, toneBuffer } from './measure';

export interface Scene {
  readonly seconds: number;
  readonly sampleRate: number;
  /** EQ of both decks; all zero = flat (the engine then switches the filters out). */
  readonly eq: EqSettings;
}

export interface RenderResult {
  readonly ms: number;
  /** Native nodes created while building the mixer (sources and destination aside). */
  readonly nodes: number;
  /** Native connections the render ran with (sources, their silent connections and the destination included). */
  readonly connections: number;
  /** A fingerprint of the output, to check that both graphs made the same sound. */
  readonly rms: number;
}

type Source = { readonly buffer: AudioBuffer };

/** Two different stereo programmes, one per deck, looped: tones over noise, 2 s each. */
function programmes(context: BaseAudioContext): [Source, Source] {
  const make = (seed: number, low: number, high: number): Source => {
    const tones = toneBuffer(context, 2, [
      [{ frequency: low, amplitude: 0.2 }, { frequency: high, amplitude: 0.1 }],
      [{ frequency: low * 1.5, amplitude: 0.2 }, { frequency: high * 1.25, amplitude: 0.1 }],
    ]);
    const noise = noiseBuffer(context, 2, 2, 0.1, seed);
    for (let channel = 0; channel < 2; channel++) {
      const data = tones.getChannelData(channel);
      const extra = noise.getChannelData(channel);
      for (let i = 0; i < data.length; i++) data[i] = (data[i] ?? 0) + (extra[i] ?? 0);
    }
    return { buffer: tones };
  };
  return [make(7, 55, 3000), make(11, 82.5, 6000)];
}

/** Counts the native nodes created while `build` runs. */
function countNodes<T>(build: () => T): { value: T; nodes: number } {
  const proto = BaseAudioContext.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const factories = ['createGain', 'createBiquadFilter', 'createAnalyser', 'createChannelSplitter', 'createChannelMerger'];
  const originals = new Map<string, (...args: unknown[]) => unknown>();
  let nodes = 0;
  for (const name of factories) {
    const original = proto[name] as (...args: unknown[]) => unknown;
    originals.set(name, original);
    proto[name] = function (this: unknown, ...args: unknown[]) {
      nodes++;
      return original.apply(this, args);
    };
  }
  try {
    return { value: build(), nodes };
  } finally {
    for (const [name, original] of originals) proto[name] = original;
  }
}

/**
 * Tracks the native node-to-node connections alive, from now until `stop()` (connections made before are
 * not seen). Used around building the hand-built graphs, and around the engine's whole scene, where the
 * library connects and disconnects natively as it validates, then wires the graph as rendering starts.
 */
function tallyConnections(): { readonly count: () => number; readonly stop: () => void } {
  const connect = AudioNode.prototype.connect as (...args: unknown[]) => unknown;
  const disconnect = AudioNode.prototype.disconnect as (...args: unknown[]) => unknown;
  const edges = new Map<AudioNode, Array<readonly [AudioNode, number, number]>>();
  AudioNode.prototype.connect = function (this: AudioNode, ...args: unknown[]) {
    const result = connect.apply(this, args);
    const [target, output = 0, input = 0] = args as [unknown, number?, number?];
    if (target instanceof AudioNode) edges.set(this, [...(edges.get(this) ?? []), [target, output, input]]);
    return result;
  } as typeof AudioNode.prototype.connect;
  AudioNode.prototype.disconnect = function (this: AudioNode, ...args: unknown[]) {
    const result = disconnect.apply(this, args);
    const [target, output, input] = args as [unknown, number?, number?];
    const from = edges.get(this) ?? [];
    if (!(target instanceof AudioNode)) {
      edges.set(this, typeof target === 'number' ? from.filter(([, out]) => out !== target) : []);
    } else {
      edges.set(this, from.filter(([to, out, inp]) => !(to === target && (output === undefined || out === output) && (input === undefined || inp === input))));
    }
    return result;
  } as typeof AudioNode.prototype.disconnect;
  return {
    count: () => [...edges.values()].reduce((sum, list) => sum + list.length, 0),
    stop: () => {
      AudioNode.prototype.connect = connect as typeof AudioNode.prototype.connect;
      AudioNode.prototype.disconnect = disconnect as typeof AudioNode.prototype.disconnect;
    },
  };
}

function fingerprint(buffer: AudioBuffer): number {
  let sum = 0;
  let count = 0;
  for (let channel = 0; channel < buffer.numberOfChannels; channel++) {
    const data = buffer.getChannelData(channel);
    for (let i = 0; i < data.length; i += 7) {
      sum += (data[i] ?? 0) ** 2;
      count++;
    }
  }
  return Math.sqrt(sum / count);
}

const isFlat = (eq: EqSettings): boolean => eq.low === 0 && eq.mid === 0 && eq.high === 0;

/** The engine: `new DjMixer(context)` at the product's defaults (EQ as the scene says), two looping decks. */
export async function renderEngine(scene: Scene): Promise<RenderResult> {
  const length = Math.round(scene.seconds * scene.sampleRate);
  const context = new EngineOfflineAudioContext({ numberOfChannels: 2, length, sampleRate: scene.sampleRate });
  // The library validates each connection natively and undoes it, then wires the graph as rendering starts.
  const tally = tallyConnections();
  const built = countNodes(() => new DjMixer(context, { eqA: scene.eq, eqB: scene.eq, smoothing: 0 }));
  const mixer = built.value;
  {
    const [a, b] = programmes(context as unknown as BaseAudioContext);
    for (const [programme, input] of [
      [a, mixer.inputA],
      [b, mixer.inputB],
    ] as const) {
      const source = context.createBufferSource();
      source.buffer = programme.buffer;
      source.loop = true;
      source.connect(input);
      source.start(0);
    }
    mixer.toDestination();
  }
  const started = performance.now();
  const rendered = await context.startRendering().finally(tally.stop);
  const ms = performance.now() - started;
  mixer.dispose();
  return { ms, nodes: built.nodes, connections: tally.count(), rms: fingerprint(rendered) };
}

/**
 * The same nodes and connections, written by hand: on the native API (`native`, the reference), or through
 * standardized-audio-context's API without the engine's classes (`library`), which separates what the
 * library costs from what the engine's own code costs.
 */
export async function renderRaw(scene: Scene, through: 'native' | 'library' = 'native'): Promise<RenderResult> {
  const length = Math.round(scene.seconds * scene.sampleRate);
  const options = { numberOfChannels: 2, length, sampleRate: scene.sampleRate };
  // The library mirrors the native API, so the same code builds both.
  const context =
    through === 'native' ? new OfflineAudioContext(options) : (new EngineOfflineAudioContext(options) as unknown as OfflineAudioContext);
  const flat = isFlat(scene.eq);
  const tally = tallyConnections();
  const built = countNodes(() => {
    const gain = (value = 1): GainNode => {
      const node = context.createGain();
      node.gain.value = value;
      return node;
    };
    const biquad = (type: BiquadFilterType, frequency: number): BiquadFilterNode => {
      const node = context.createBiquadFilter();
      node.type = type;
      node.frequency.value = frequency;
      // Butterworth: Web Audio reads lowpass/highpass Q in dB, allpass Q as a plain number.
      node.Q.value = type === 'allpass' ? Math.SQRT1_2 : 20 * Math.log10(Math.SQRT1_2);
      return node;
    };
    // A level meter: made, but a dead end in an offline render, so not wired (see the top of this file).
    const meter = (): void => {
      context.createChannelSplitter(2);
      for (let channel = 0; channel < 2; channel++) context.createAnalyser().fftSize = 2048;
    };
    const deck = (): { input: GainNode; output: GainNode } => {
      const input = gain(trimToGain(75));
      // The 3-band isolator (see ThreeBandEq).
      const eqIn = gain();
      const eqOut = gain();
      const dry = gain(flat ? 1 : 0);
      const wetIn = gain();
      const wetOut = gain(flat ? 0 : 1);
      const lowpass1 = biquad('lowpass', 250);
      const lowpass2 = biquad('lowpass', 250);
      const allpassLow = biquad('allpass', 250);
      const negate = gain(-1);
      const allpassHigh = biquad('allpass', 4000);
      const highpass1 = biquad('highpass', 4000);
      const highpass2 = biquad('highpass', 4000);
      const mid = eqKnobToGain(scene.eq.mid);
      const lowGain = gain(eqKnobToGain(scene.eq.low));
      const midGain = gain(mid);
      const highGain = gain(eqKnobToGain(scene.eq.high) - mid);
      eqIn.connect(dry).connect(eqOut);
      // The filters are wired only while the EQ is engaged (a flat EQ switches them out).
      if (!flat) {
        eqIn.connect(wetIn);
        wetIn.connect(lowpass1).connect(lowpass2).connect(lowGain).connect(wetOut);
        wetIn.connect(allpassLow);
        lowpass2.connect(negate);
        for (const rest of [allpassLow, negate]) {
          rest.connect(allpassHigh);
          rest.connect(highpass1);
        }
        allpassHigh.connect(midGain).connect(wetOut);
        highpass1.connect(highpass2).connect(highGain).connect(wetOut);
        wetOut.connect(eqOut);
      }
      meter();
      const output = gain(levelToGain(80));
      input.connect(eqIn);
      eqOut.connect(output);
      return { input, output };
    };
    const deckA = deck();
    const deckB = deck();
    const position = crossfaderGains(crossfaderPosition(50), 'equal-power');
    const fadeA = gain(position.a);
    const fadeB = gain(position.b);
    const fadeOut = gain();
    fadeA.connect(fadeOut);
    fadeB.connect(fadeOut);
    const master = gain(levelToGain(85));
    // Spatial: a 2×2 gain matrix between a splitter and a merger.
    const spatialIn = gain();
    spatialIn.channelCount = 2;
    spatialIn.channelCountMode = 'explicit';
    spatialIn.channelInterpretation = 'speakers';
    const splitter = context.createChannelSplitter(2);
    const merger = context.createChannelMerger(2);
    spatialIn.connect(splitter);
    const matrix = widthMatrix(spatialToWidth(50));
    for (let channel = 0; channel < 2; channel++) {
      const direct = gain(matrix.direct);
      splitter.connect(direct, channel);
      direct.connect(merger, 0, channel);
    }
    for (let channel = 0; channel < 2; channel++) {
      const cross = gain(matrix.cross);
      splitter.connect(cross, channel);
      cross.connect(merger, 0, 1 - channel);
    }
    meter();
    // The headphone cue bus: made, but a dead end in an offline render.
    gain(1);
    gain(0);
    gain(levelToGain(70));
    deckA.output.connect(fadeA);
    deckB.output.connect(fadeB);
    fadeOut.connect(master).connect(spatialIn);
    return { inputA: deckA.input, inputB: deckB.input, output: merger };
  });
  const mixer = built.value;
  const [a, b] = programmes(context);
  for (const [programme, input] of [
    [a, mixer.inputA],
    [b, mixer.inputB],
  ] as const) {
    const source = context.createBufferSource();
    source.buffer = programme.buffer;
    source.loop = true;
    source.connect(input);
    source.start(0);
    if (through === 'native') {
      // What the library adds to every scheduled source (see the top of this file).
      const silent = context.createGain();
      silent.channelCount = 1;
      silent.channelCountMode = 'explicit';
      silent.channelInterpretation = 'discrete';
      silent.gain.value = 0;
      source.connect(silent).connect(context.destination);
    }
  }
  mixer.output.connect(context.destination);
  const started = performance.now();
  const rendered = await context.startRendering().finally(tally.stop);
  const ms = performance.now() - started;
  return { ms, nodes: built.nodes, connections: tally.count(), rms: fingerprint(rendered) };
}
