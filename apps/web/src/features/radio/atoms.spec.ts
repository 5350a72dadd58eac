import { loadArea, type Messages } from '@grouarock/i18n';
import { createIntl } from 'react-intl';
import {
  emptyFilters,
  filterStations,
  formatDuration,
  groupByCountry,
  hasFilters,
  nowPlayingLine,
  periodCountdown,
  queueStep,
  sleepOptionLabel,
  statusLabel,
  toggleLike,
  withFavourite,
  type PeriodCountdown,
  type ToggleLikeDeps,
} from './atoms';
import { stationDto as station } from '../../testing/station-fixtures';

const catalogue = [
  station('antyradio', { name: 'Antyradio', description: 'Najlepszy rock', genres: ['rock', 'hard-rock'] }),
  station('punk-uk', { name: 'Punk UK', country: { code: 'gb', name: 'Wielka Brytania', flag: '🇬🇧' }, genres: ['punk'] }),
  station('jazz-fr', { name: 'Jazz Nuit', country: { code: 'fr', name: 'Francja', flag: '🇫🇷' }, genres: ['jazz'], description: 'Muzyka nocą' }),
  station('rock-pl', { name: 'Radio Łódź Rock', genres: ['rock'] }),
];

describe('filters', () => {
  it('keeps everything without filters', () => {
    expect(filterStations(catalogue, emptyFilters)).toHaveLength(4);
    expect(hasFilters(emptyFilters)).toBe(false);
  });

  it('searches name, description, genres and country, ignoring case and diacritics', () => {
    const ids = (query: string) => filterStations(catalogue, { ...emptyFilters, query }).map((s) => s.id);
    expect(ids('ANTY')).toEqual(['antyradio']);
    expect(ids('noca')).toEqual(['jazz-fr']);
    expect(ids('lodz')).toEqual(['rock-pl']);
    expect(ids('hard-rock')).toEqual(['antyradio']);
    expect(ids('brytania')).toEqual(['punk-uk']);
    expect(ids('rock polska')).toEqual(['antyradio', 'rock-pl']);
    expect(ids('nothing-like-this')).toEqual([]);
  });

  it('filters by genre and country together', () => {
    expect(filterStations(catalogue, { ...emptyFilters, genre: 'rock' }).map((s) => s.id)).toEqual(['antyradio', 'rock-pl']);
    expect(filterStations(catalogue, { ...emptyFilters, genre: 'rock', country: 'gb' })).toEqual([]);
    expect(filterStations(catalogue, { ...emptyFilters, country: 'fr' }).map((s) => s.id)).toEqual(['jazz-fr']);
    expect(hasFilters({ ...emptyFilters, country: 'fr' })).toBe(true);
  });

  it("groups by country in catalogue order, with code and name and without the API's emoji flag", () => {
    expect(groupByCountry(catalogue).map(({ stations, ...group }) => ({ ...group, count: stations.length }))).toEqual([
      { code: 'pl', name: 'Polska', count: 2 },
      { code: 'gb', name: 'Wielka Brytania', count: 1 },
      { code: 'fr', name: 'Francja', count: 1 },
    ]);
  });
});

describe('toggleLike', () => {
  function deps(over: Partial<ToggleLikeDeps> = {}) {
    const calls: string[] = [];
    const d: ToggleLikeDeps = {
      hasSession: () => true,
      signInAnonymously: jest.fn(async () => calls.push('anonymous')),
      like: jest.fn(async (id: string) => {
        calls.push(`like ${id}`);
        return { count: 4, likedByMe: true };
      }),
      unlike: jest.fn(async (id: string) => {
        calls.push(`unlike ${id}`);
        return { count: 3, likedByMe: false };
      }),
      ...over,
    };
    return { d, calls };
  }

  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('likes a station not liked yet, with a session', async () => {
    const { d, calls } = deps();
    await expect(toggleLike('x', false, d)).resolves.toEqual({ count: 4, likedByMe: true });
    expect(calls).toEqual(['like x']);
  });

  it('unlikes a liked station', async () => {
    const { d, calls } = deps();
    await expect(toggleLike('x', true, d)).resolves.toEqual({ count: 3, likedByMe: false });
    expect(calls).toEqual(['unlike x']);
  });

  it('signs in anonymously first when there is no session', async () => {
    const { d, calls } = deps({ hasSession: () => false });
    await expect(toggleLike('x', false, d)).resolves.toEqual({ count: 4, likedByMe: true });
    expect(calls).toEqual(['anonymous', 'like x']);
  });

  it('drops the like silently when the anonymous sign-in fails', async () => {
    const { d, calls } = deps({
      hasSession: () => false,
      signInAnonymously: async () => {
        throw new Error('offline');
      },
    });
    await expect(toggleLike('x', false, d)).resolves.toBeNull();
    expect(calls).toEqual([]);
  });

  it('never reports a count below 0, and gives null when the call fails', async () => {
    const { d } = deps({ unlike: async () => ({ count: -1, likedByMe: false }) });
    await expect(toggleLike('x', true, d)).resolves.toEqual({ count: 0, likedByMe: false });
    const failing = deps({ like: async () => Promise.reject(new Error('500')) });
    await expect(toggleLike('x', false, failing.d)).resolves.toBeNull();
  });

  it('keeps favourites in step', () => {
    expect(withFavourite([], 'a', true)).toEqual(['a']);
    expect(withFavourite(['a'], 'a', true)).toEqual(['a']);
    expect(withFavourite(['a', 'b'], 'a', false)).toEqual(['b']);
  });
});

describe('weekly top countdown', () => {
  let intl: ReturnType<typeof createIntl>;
  beforeAll(async () => {
    intl = createIntl({ locale: 'pl', messages: (await loadArea('pl', 'radio')) as Messages });
  });
  const format = (c: PeriodCountdown) =>
    c.kind === 'days'
      ? intl.formatMessage({ id: 'radio.top.countdownDays' }, { days: c.days, hours: c.hours })
      : c.kind === 'hours'
        ? intl.formatMessage({ id: 'radio.top.countdownHours' }, { hours: c.hours })
        : intl.formatMessage({ id: 'radio.top.expired' });
  const now = Date.parse('2025-07-30T12:00:00Z');
  const hours = (h: number) => new Date(now + h * 3_600_000).toISOString();

  it('reads "Nd Hh" with days left, "Hh" within a day, "Wygasłe" after', () => {
    expect(format(periodCountdown(hours(3 * 24 + 5.5), now))).toBe('3d 5h');
    expect(format(periodCountdown(hours(24), now))).toBe('1d 0h');
    expect(format(periodCountdown(hours(23.9), now))).toBe('23h');
    expect(format(periodCountdown(hours(0.5), now))).toBe('0h');
    expect(format(periodCountdown(hours(0), now))).toBe('Wygasłe');
    expect(format(periodCountdown(hours(-5), now))).toBe('Wygasłe');
    expect(periodCountdown('not a date', now)).toEqual({ kind: 'expired' });
  });
});

describe('player labels', () => {
  it('maps deck states to the status labels', () => {
    expect(statusLabel('playing')).toBe('live');
    expect(statusLabel('loading')).toBe('loading');
    expect(statusLabel('reconnecting')).toBe('reconnecting');
    expect(statusLabel('stopped')).toBe('offline');
    expect(statusLabel('offline')).toBe('offline');
    expect(statusLabel('error')).toBe('offline');
  });

  it('labels the sleep options in min below an hour and h from it', () => {
    expect([15, 30, 60, 120].map(sleepOptionLabel)).toEqual([
      { unit: 'min', minutes: 15 },
      { unit: 'min', minutes: 30 },
      { unit: 'h', hours: 1 },
      { unit: 'h', hours: 2 },
    ]);
  });

  it('never invents now-playing', () => {
    expect(nowPlayingLine(null)).toBeNull();
    expect(nowPlayingLine({ artist: 'A', title: 'T', program: null })).toEqual({ artist: 'A', title: 'T' });
    expect(nowPlayingLine({ artist: null, title: 'A - T', program: null })).toEqual({ title: 'A - T' });
    expect(nowPlayingLine({ artist: ' ', title: null, program: 'Show' })).toBeNull();
  });

  it('formats durations as m:ss', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(65.9)).toBe('1:05');
    expect(formatDuration(3725)).toBe('1:02:05');
  });
});

describe('queueStep', () => {
  const queue = ['a', 'b', 'c'];
  it('moves through a playlist’s stations, round either end', () => {
    expect(queueStep(queue, 'a', 1)).toBe('b');
    expect(queueStep(queue, 'c', 1)).toBe('a');
    expect(queueStep(queue, 'a', -1)).toBe('c');
  });
  it('gives nothing when the station playing is not in the playlist', () => {
    expect(queueStep(queue, 'x', 1)).toBeNull();
    expect(queueStep(queue, null, 1)).toBeNull();
    expect(queueStep([], 'a', 1)).toBeNull();
  });
});
