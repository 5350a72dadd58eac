import { type IAudioContext, type IAudioNode, type IOfflineAudioContext } from 'standardized-audio-context';

/**
 * The contexts the engine works in: standardized-audio-context's AudioContext, or its
 * OfflineAudioContext for rendering (tests, benchmarks). Always passed in, never created here.
 */
export type EngineContext = IAudioContext | IOfflineAudioContext;

/** Any node of an engine context. */
export type EngineAudioNode = IAudioNode<EngineContext>;

/** A real-time context has media elements, media streams and an output device; an offline one has none. */
export function isRealtimeContext(context: EngineContext): context is IAudioContext {
  return typeof (context as Partial<IAudioContext>).createMediaElementSource === 'function';
}
