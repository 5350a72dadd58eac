import { getVisitors, registerVisit, type VisitDto, type VisitorsDto } from '@grouarock/api-client';

export type { VisitDto, VisitorsDto };

/** The visitor counter calls, through the generated client (they throw on an HTTP error). */
export const visitorsApi = {
  /** Counts this browser session once; repeating it with the same id is harmless. */
  async register(sessionId: string): Promise<VisitDto> {
    const { data } = await registerVisit({ body: { sessionId }, throwOnError: true });
    return data;
  },
  async current(): Promise<VisitorsDto> {
    const { data } = await getVisitors({ throwOnError: true });
    return data;
  },
};

export type VisitorsApi = typeof visitorsApi;
