import { AudioContext, type IAudioContext } from 'standardized-audio-context';

let context: IAudioContext | undefined;

/**
 * The app's one audio context (the radio player and the DJ mixer share it), created on first use.
 * Call it from a user gesture (a click on play), so the browser lets it start.
 */
export function audioContext(): IAudioContext {
  context ??= new AudioContext({ latencyHint: 'playback' });
  return context;
}
