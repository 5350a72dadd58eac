/** A wake-up time on the 24-hour clock. */
export interface AlarmTime {
  readonly hours: number;
  readonly minutes: number;
}

/** Parses "HH:MM" (24-hour clock, "7:05" allowed); anything else throws a RangeError. */
export function parseAlarmTime(text: string): AlarmTime {
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(text.trim());
  if (!match) throw new RangeError(`Alarm time must be HH:MM on a 24-hour clock, got "${text}"`);
  return { hours: Number(match[1]), minutes: Number(match[2]) };
}

/** The next local time at HH:MM strictly after `now`: today if still ahead, otherwise tomorrow. */
export function nextAlarmAt(time: AlarmTime | string, now: Date): Date {
  const { hours, minutes } = typeof time === 'string' ? parseAlarmTime(time) : time;
  const at = new Date(now.getFullYear(), now.getMonth(), now.getDate(), hours, minutes, 0, 0);
  if (at.getTime() <= now.getTime()) at.setDate(at.getDate() + 1);
  return at;
}
