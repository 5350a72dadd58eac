import { recordingFileName } from './recording-file-name';

describe('recording file name', () => {
  const at = new Date(2025, 6, 30, 21, 5, 9);

  it('is the station and the local start time, with the .webm extension', () => {
    expect(recordingFileName('Radio Nowy Świat', at)).toBe('Radio_Nowy_Świat-2025-07-30_21-05-09.webm');
  });

  it('replaces characters file systems reject', () => {
    expect(recordingFileName('AC/DC: "Live" <24/7>?', at)).toBe('AC-DC-_-Live-_-24-7-2025-07-30_21-05-09.webm');
  });

  it('falls back to "recording" for an empty name', () => {
    expect(recordingFileName('  ...  ', at)).toBe('recording-2025-07-30_21-05-09.webm');
  });
});
