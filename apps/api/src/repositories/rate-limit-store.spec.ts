import { type KeyTakeRow, keyTakesOf } from './rate-limit-store';

const key = { key_id: 'k1', user_id: 'u1', scope: 'full-access' as const, is_anonymous: false };
const noTake = { gcra: null, taken: null, month_count: null, now_us: null, base_us: null, step_us: null };
/** A take at 2026-11-28 01:00:00.000001 UTC, the GCRA 282 s ahead of it, one request every 6 s, 1,000 counted this month. */
const take = { month_count: '1000', now_us: '1795827600000001', base_us: '1795827882000001', step_us: '6000000' };

describe('keyTakesOf: one answer a request from api_key_take_many’s row', () => {
  it('answers the k-th request that passed its address from the take: allowed up to `taken`, then the minute', () => {
    const row: KeyTakeRow = { failures: [0, 21, 0, 0, 0, 0], failures_ms_left: [0, 30_000.5, 0, 0, 0, 0], ...key, ...take, gcra: 3, taken: 3 };
    const answers = keyTakesOf(row, 20, 2000);
    expect(answers[1]).toEqual({ failures: { hits: 21, msLeft: 30_000.5 } });
    expect(answers.filter((_, i) => i !== 1).map((a) => [a.key?.id, a.take?.allowed, a.take?.limitedBy, a.take?.monthCount, a.take?.tat])).toEqual([
      ['k1', true, null, 1001, 1795827888.000001],
      ['k1', true, null, 1002, 1795827894.000001],
      ['k1', true, null, 1003, 1795827900.000001],
      ['k1', false, 'minute', 1003, 1795827900.000001],
      ['k1', false, 'minute', 1003, 1795827900.000001],
    ]);
    expect(answers[0].take?.now).toBe(1795827600.000001);
  });

  it('refuses with the month every request after the last allowed when the month, not the GCRA, stopped them', () => {
    const row: KeyTakeRow = { failures: [0, 0, 0, 0], failures_ms_left: [0, 0, 0, 0], ...key, ...take, gcra: 3, taken: 1 };
    expect(keyTakesOf(row, 20, 1001).map((a) => [a.take?.allowed, a.take?.limitedBy, a.take?.monthCount, a.take?.tat])).toEqual([
      [true, null, 1001, 1795827888.000001],
      [false, 'month', 1001, 1795827888.000001],
      [false, 'month', 1001, 1795827888.000001],
      [false, 'month', 1001, 1795827888.000001],
    ]);
    // Nothing left of the month: no request was allowed, and each hears the GCRA's time as it was.
    expect(keyTakesOf({ ...row, taken: 0 }, 20, 1000).map((a) => [a.take?.allowed, a.take?.limitedBy, a.take?.tat])).toEqual([
      [false, 'month', 1795827882.000001],
      [false, 'month', 1795827882.000001],
      [false, 'month', 1795827882.000001],
      [false, 'month', 1795827882.000001],
    ]);
  });

  it('gives the key alone without a take (its account not known yet), nothing for a key not found, and a time PostgreSQL would', () => {
    expect(keyTakesOf({ failures: [3, 0], failures_ms_left: [-2, 0], ...key, ...noTake }, 20, 1000)).toEqual([
      { failures: { hits: 3, msLeft: 0 }, key: { id: 'k1', userId: 'u1', scope: 'full-access', isAnonymous: false } },
      { failures: { hits: 0, msLeft: 0 }, key: { id: 'k1', userId: 'u1', scope: 'full-access', isAnonymous: false } },
    ]);
    expect(keyTakesOf({ failures: [0], failures_ms_left: [0], key_id: null, user_id: null, scope: null, is_anonymous: null, ...noTake }, 20, 1000)).toEqual([{ failures: { hits: 0, msLeft: 0 } }]);
    // extract(epoch FROM …)::float8 of a time with microseconds is the double nearest to the decimal: so is µs / 10^6.
    const row: KeyTakeRow = { failures: [0], failures_ms_left: [0], ...key, month_count: '0', now_us: '1795827600123457', base_us: '1795827600123457', step_us: '600', gcra: 1, taken: 1 };
    expect(keyTakesOf(row, 20, null)[0].take).toEqual({ allowed: true, limitedBy: null, tat: Number('1795827600.124057'), now: Number('1795827600.123457'), monthCount: 1 });
  });
});
