// The page the signal tests and the audio benchmark drive: the engine, standardized-audio-context's
// contexts and the measurement helpers, on `window.signal`.
import { AudioContext, OfflineAudioContext } from 'standardized-audio-context';
import * as engine from '../../src/index';
import * as graphs from './bench-graphs';
import * as measure from './measure';
import * as realtime from './realtime';
import * as scenes from './scenes';

const api = { engine, AudioContext, OfflineAudioContext, measure, scenes, realtime, graphs };

export type SignalApi = typeof api;

declare global {
  interface Window {
    signal: SignalApi;
  }
}

window.signal = api;
document.title = 'audio-engine signal page: ready';
