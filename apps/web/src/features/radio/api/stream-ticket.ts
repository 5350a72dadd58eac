import { issueStreamTicket, setRadioPass } from '@grouarock/api-client';
import { dataOf } from '../../../lib/query';

/** What the player asks the server before it connects to a station (tests give a fake). */
export interface StreamAccessApi {
  /** PUT /radio/pass: the HttpOnly cookie that makes the relay play on the signed-in account's plan. */
  setPass(): Promise<void>;
  /** POST /ads/tickets: a ticket naming this listener for the station's stream (null on a plan without ads). */
  ticket(stationId: string): Promise<string | null>;
}

export const streamAccessApi: StreamAccessApi = {
  setPass: async () => {
    await setRadioPass({ throwOnError: true });
  },
  ticket: async (stationId) => (await dataOf(issueStreamTicket({ body: { stationId }, throwOnError: true }))).ticket,
};
