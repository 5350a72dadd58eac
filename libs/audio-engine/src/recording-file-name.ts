import { RECORDING_EXTENSION } from './constants';

const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * The download name of a recording: the station's name and the local start time, for example
 * `Radio_Nowy_Świat-2025-07-30_21-05-09.webm` (`<station>-<timestamp>.webm`). Characters that file systems reject become "-",
 * whitespace becomes "_", letters of any alphabet stay.
 */
export function recordingFileName(stationName: string, startedAt: Date): string {
  const safe = stationName
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '-')
    .trim()
    .replace(/\s+/g, '_')
    .replace(/^[.\-_]+|[.\-_]+$/g, '');
  const date = `${startedAt.getFullYear()}-${pad(startedAt.getMonth() + 1)}-${pad(startedAt.getDate())}`;
  const time = `${pad(startedAt.getHours())}-${pad(startedAt.getMinutes())}-${pad(startedAt.getSeconds())}`;
  return `${safe || 'recording'}-${date}_${time}${RECORDING_EXTENSION}`;
}
