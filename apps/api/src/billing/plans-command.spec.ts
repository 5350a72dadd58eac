import { parsePlansCommand } from './plans-command';

describe('parsePlansCommand', () => {
  it('reads a grant, open-ended or until a date', () => {
    expect(parsePlansCommand(['grant', 'fan@example.com', 'ultra'])).toEqual({ command: 'grant', email: 'fan@example.com', plan: 'ultra', until: null });
    expect(parsePlansCommand(['grant', 'fan@example.com', '--until', '2026-12-31T12:00:00Z', 'premium'])).toEqual({
      command: 'grant',
      email: 'fan@example.com',
      plan: 'premium',
      until: new Date('2026-12-31T12:00:00Z'),
    });
  });

  it('takes a plain date as the end of that day in Warsaw, in winter and in summer', () => {
    expect((parsePlansCommand(['grant', 'a@b.c', 'premium', '--until', '2026-12-31']) as { until: Date }).until.toISOString()).toBe('2026-12-31T23:00:00.000Z');
    expect((parsePlansCommand(['grant', 'a@b.c', 'premium', '--until', '2027-07-15']) as { until: Date }).until.toISOString()).toBe('2027-07-15T22:00:00.000Z');
  });

  it('reads a revoke', () => {
    expect(parsePlansCommand(['revoke', 'fan@example.com'])).toEqual({ command: 'revoke', email: 'fan@example.com', api: false });
    expect(parsePlansCommand(['revoke', '--api', 'fan@example.com'])).toEqual({ command: 'revoke', email: 'fan@example.com', api: true });
  });

  it.each([
    [[], /No command given/],
    [['upgrade', 'x@y.z'], /Unknown command "upgrade"/],
    [['grant', 'x@y.z'], /grant takes an email and a plan/],
    [['grant', 'x@y.z', 'ultra', '--until'], /--until needs a date/],
    [['grant', 'x@y.z', 'ultra', '--until', 'next week'], /--until must be YYYY-MM-DD/],
    [['grant', 'x@y.z', 'ultra', '--until', '2026-02-30'], /is not a date/],
    [['revoke'], /revoke takes an email/],
  ])('refuses %j with the usage', (argv, problem) => {
    expect(() => parsePlansCommand(argv)).toThrow(problem);
  });
});
