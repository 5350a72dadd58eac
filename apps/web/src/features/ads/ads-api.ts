import { type AdBreakDto, type AdStateDto, completeAdBreak, reportListening } from '@grouarock/api-client';
import { ApiError } from '../../lib/api';
import { dataOf } from '../../lib/query';

export type { AdBreakDto, AdStateDto };

/** The server's side of the ad clock, as the break controller needs it (tests give a fake). */
export interface AdsApi {
  /** POST /ads/listening: a heartbeat (true) or the start of playing (false). */
  report(listening: boolean): Promise<AdStateDto>;
  /** POST /ads/breaks/{id}/complete: the new state, or 'early' when the server says the spot cannot have ended yet. */
  complete(id: string): Promise<AdStateDto | 'early'>;
}

export const adsApi: AdsApi = {
  report: (listening) => dataOf(reportListening({ body: { listening }, throwOnError: true })),
  complete: async (id) => {
    try {
      return await dataOf(completeAdBreak({ path: { id }, throwOnError: true }));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'ad_break_unfinished') return 'early';
      throw error;
    }
  },
};
