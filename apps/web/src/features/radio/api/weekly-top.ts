import { getWeeklyTop, type WeeklyTopDto } from '@grouarock/api-client';
import useSWR from 'swr';
import { dataOf } from '../../../lib/query';

export type { WeeklyTopDto };

/** The weekly top is read again this often while it is shown, ms. */
export const WEEKLY_TOP_REFRESH_MS = 60_000;

export const WEEKLY_TOP = '/radio/top-weekly';

/** GET /radio/top-weekly: this week's top stations and the featured one, kept fresh while shown. */
export function useWeeklyTop() {
  return useSWR(WEEKLY_TOP, () => dataOf(getWeeklyTop({ throwOnError: true })), { refreshInterval: WEEKLY_TOP_REFRESH_MS });
}
