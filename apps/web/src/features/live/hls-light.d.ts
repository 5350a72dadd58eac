// hls.js ships no declaration for its light build; it is the same API as the full one, without subtitles, alternate
// audio and DRM.
declare module 'hls.js/light' {
  export { default } from 'hls.js';
}
