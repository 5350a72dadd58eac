import { nextAlarmAt, parseAlarmTime } from './alarm-time';

describe('alarm time', () => {
  it('parses HH:MM on a 24-hour clock', () => {
    expect(parseAlarmTime('07:00')).toEqual({ hours: 7, minutes: 0 });
    expect(parseAlarmTime('7:05')).toEqual({ hours: 7, minutes: 5 });
    expect(parseAlarmTime('23:59')).toEqual({ hours: 23, minutes: 59 });
  });

  it('rejects anything else', () => {
    for (const text of ['24:00', '07:60', '7', 'seven', '07:00:00', '']) expect(() => parseAlarmTime(text)).toThrow(RangeError);
  });

  it('is today when still ahead, tomorrow otherwise', () => {
    const evening = new Date(2025, 0, 10, 22, 30);
    expect(nextAlarmAt('07:00', evening)).toEqual(new Date(2025, 0, 11, 7, 0));
    const early = new Date(2025, 0, 10, 6, 59, 59);
    expect(nextAlarmAt('07:00', early)).toEqual(new Date(2025, 0, 10, 7, 0));
    const onTime = new Date(2025, 0, 10, 7, 0, 0);
    expect(nextAlarmAt('07:00', onTime)).toEqual(new Date(2025, 0, 11, 7, 0));
  });

  it('crosses month and year ends', () => {
    expect(nextAlarmAt('06:00', new Date(2025, 11, 31, 23, 0))).toEqual(new Date(2026, 0, 1, 6, 0));
  });
});
