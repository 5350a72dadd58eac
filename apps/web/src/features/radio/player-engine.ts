// What the radio player needs of the audio engine at run time, as one chunk the page loads on its own: the
// page shows (and can be used) before it arrives, and it is fetched while the page mounts, before the first play.
export { LevelMeter, RadioPlayer } from '@grouarock/audio-engine';
export { audioContext } from '../../lib/audio-context';
