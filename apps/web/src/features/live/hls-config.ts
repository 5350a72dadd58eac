/**
 * hls.js tuned for live latency with 1 s segments (docs/live.md): 1.5 s behind the edge (where a session starts is the
 * server's EXT-X-START, 1.5 s behind the newest media by the wall clock), catch up by playing up to 1.25× when more
 * than 4 s behind, keep 10 s behind the playhead. `npm run bench:live` measures it in the watch dialog.
 */
export const LIVE_HLS_CONFIG = { liveSyncDuration: 1.5, liveMaxLatencyDuration: 4, maxLiveSyncPlaybackRate: 1.25, backBufferLength: 10 } as const;
