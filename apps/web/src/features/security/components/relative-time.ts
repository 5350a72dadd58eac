import { useCallback } from 'react';
import { useIntl } from 'react-intl';

const units = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
] as const;

/** How long ago `iso` was, in its largest whole unit ("5 minut temu", "wczoraj"); under a minute: now. */
export function relativeParts(iso: string, now = Date.now()): { value: number; unit: Intl.RelativeTimeFormatUnit } {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  for (const [unit, size] of units) if (Math.abs(seconds) >= size) return { value: Math.trunc(seconds / size), unit };
  return { value: 0, unit: 'second' };
}

/** `ago(iso)`: the time since `iso` in the reader's language. */
export function useTimeAgo(): (iso: string) => string {
  const intl = useIntl();
  return useCallback(
    (iso: string) => {
      const { value, unit } = relativeParts(iso);
      return intl.formatRelativeTime(value, unit, { numeric: 'auto' });
    },
    [intl],
  );
}

/** `when(iso)`: a date and time in the reader's language ("2 gru 2026, 08:15"). */
export function useDateTime(): (iso: string) => string {
  const intl = useIntl();
  return useCallback((iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' }), [intl]);
}
