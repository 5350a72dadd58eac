import { PlanGrantError } from './plan-grants.service';

export const PLANS_USAGE = `Usage:
  npm run plans -- grant <email> <premium|ultra> [--until <date>]
  npm run plans -- grant <email> <startup|developer|business|enterprise> [--until <date>]   (a developer API plan)
  npm run plans -- revoke <email> [--api]

<date> is YYYY-MM-DD (the plan lasts through that day, Europe/Warsaw time) or an ISO date-time with its offset.`;

export type PlansCommand = { command: 'grant'; email: string; plan: string; until: Date | null } | { command: 'revoke'; email: string; api: boolean };

/** The instant a Warsaw calendar day ends (its next midnight there). */
function endOfWarsawDay(year: number, month: number, day: number): Date {
  const midnightUtc = Date.UTC(year, month - 1, day + 1);
  // Warsaw is UTC+1 or UTC+2: take the offset that makes the instant read 00:00 there.
  for (const hours of [1, 2]) {
    const candidate = new Date(midnightUtc - hours * 3600_000);
    const clock = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Warsaw', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(candidate);
    if (clock === '00:00') return candidate;
  }
  throw new PlanGrantError(`Cannot place the end of ${year}-${month}-${day} in Europe/Warsaw`);
}

function parseUntil(value: string | undefined): Date {
  if (!value) throw new PlanGrantError(`--until needs a date\n\n${PLANS_USAGE}`);
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) {
    const [year, month, date] = day.slice(1).map(Number);
    const check = new Date(Date.UTC(year, month - 1, date));
    if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) throw new PlanGrantError(`${value} is not a date`);
    return endOfWarsawDay(year, month, date);
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(Date.parse(value))) return new Date(value);
  throw new PlanGrantError(`--until must be YYYY-MM-DD or an ISO date-time with its offset, not "${value}"`);
}

/** The command line of `npm run plans` (without node and the script). Throws PlanGrantError with the usage. */
export function parsePlansCommand(argv: readonly string[]): PlansCommand {
  const [command, ...rest] = argv;
  const fail = (problem: string): never => {
    throw new PlanGrantError(`${problem}\n\n${PLANS_USAGE}`);
  };
  if (command === 'grant') {
    const untilAt = rest.indexOf('--until');
    const until = untilAt >= 0 ? parseUntil(rest[untilAt + 1]) : null;
    const positional = untilAt >= 0 ? [...rest.slice(0, untilAt), ...rest.slice(untilAt + 2)] : rest;
    if (positional.length !== 2) fail('grant takes an email and a plan');
    return { command, email: positional[0], plan: positional[1], until };
  }
  if (command === 'revoke') {
    const api = rest.includes('--api');
    const positional = rest.filter((arg) => arg !== '--api');
    if (positional.length !== 1) fail('revoke takes an email');
    return { command, email: positional[0], api };
  }
  return fail(command ? `Unknown command "${command}"` : 'No command given');
}
