import { API_PREFIX } from '../core/http/openapi';

/** Gateways do not get the global prefix: the path is written out in full. */
export const REALTIME_PATH = `/${API_PREFIX}/realtime`;

/** Commands are tiny; anything bigger is abuse and closes the connection (1009). */
export const REALTIME_MAX_FRAME_BYTES = 4096;
