import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { createConfirmedAccount } from '../support/accounts';
import { expect, test } from '../support/fixtures';

const root = path.resolve(__dirname, '../../..');

/** The built plans command (what `npm run plans --` runs), on the e2e server's embedded database, found through DATA_DIR. */
function plans(...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const run = spawnSync(process.execPath, [path.join(root, 'dist/apps/api/plans.js'), ...args], { cwd: root, env, encoding: 'utf8', timeout: 60_000 });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

test('the plans command grants and revokes a plan on a running installation, and the entitlements follow', async ({ request }) => {
  const account = await createConfirmedAccount(request, 'granted');
  const signIn = await request.post('/api/v1/auth/token?grant_type=password', { data: { email: account.email, password: account.password } });
  const headers = { authorization: `Bearer ${((await signIn.json()) as { access_token: string }).access_token}` };
  const entitlements = async () => (await (await request.get('/api/v1/me/entitlements', { headers })).json()) as { plan: string; source: string; grantUntil?: string | null };
  expect(await entitlements()).toMatchObject({ plan: 'basic', source: 'default' });

  const granted = plans('grant', account.email, 'ultra', '--until', '2030-01-31');
  expect(granted, granted.out).toMatchObject({ status: 0 });
  expect(granted.out).toContain(`Granted ultra to ${account.email} until 2030-01-31T23:00:00.000Z; the account's plan is now ultra, its API plan developer.`);
  expect(await entitlements()).toMatchObject({ plan: 'ultra', source: 'grant', grantUntil: '2030-01-31T23:00:00.000Z' });

  const revoked = plans('revoke', account.email);
  expect(revoked, revoked.out).toMatchObject({ status: 0 });
  expect(revoked.out).toContain("the account's plan is now basic");
  expect(await entitlements()).toMatchObject({ plan: 'basic', source: 'default' });

  expect(plans('grant', 'nobody@example.com', 'premium')).toMatchObject({ status: 1, out: expect.stringContaining('No account has the email nobody@example.com') });
  expect(plans('grant', account.email, 'gold')).toMatchObject({ status: 1, out: expect.stringContaining('The plan must be one of premium, ultra, startup, developer, business, enterprise') });
  expect(plans('promote', account.email)).toMatchObject({ status: 1, out: expect.stringContaining('Usage:') });
});

test('the plans command sets a developer API plan, and the API usage follows', async ({ request }) => {
  const account = await createConfirmedAccount(request, 'api-granted');
  const signIn = await request.post('/api/v1/auth/token?grant_type=password', { data: { email: account.email, password: account.password } });
  const session = { authorization: `Bearer ${((await signIn.json()) as { access_token: string }).access_token}` };
  // Asked with a key: it does not expire as the session's access token does while the poll below waits.
  const { key } = (await (await request.post('/api/v1/developer/keys', { headers: session, data: { name: 'plans' } })).json()) as { key: string };
  const usage = async () => (await (await request.get('/api/v1/developer/usage', { headers: { authorization: `Bearer ${key}` } })).json()) as { plan: string; monthlyRequests: number | null };
  expect(await usage()).toMatchObject({ plan: 'free', monthlyRequests: 1000 });

  const granted = plans('grant', account.email, 'business');
  expect(granted, granted.out).toMatchObject({ status: 0 });
  expect(granted.out).toContain("the account's plan is now basic, its API plan business.");
  // The API caches an account's plan for up to 10 s.
  await expect.poll(usage, { timeout: 15_000 }).toMatchObject({ plan: 'business', monthlyRequests: 500000 });

  const revoked = plans('revoke', account.email, '--api');
  expect(revoked, revoked.out).toMatchObject({ status: 0 });
  expect(revoked.out).toContain(`Revoked the grant of ${account.email}; the account's plan is now basic, its API plan free.`);
  await expect.poll(usage, { timeout: 15_000 }).toMatchObject({ plan: 'free' });
});
