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
  expect(granted.out).toContain(`Granted ultra to ${account.email} until 2030-01-31T23:00:00.000Z; the account's plan is now ultra.`);
  expect(await entitlements()).toMatchObject({ plan: 'ultra', source: 'grant', grantUntil: '2030-01-31T23:00:00.000Z' });

  const revoked = plans('revoke', account.email);
  expect(revoked, revoked.out).toMatchObject({ status: 0 });
  expect(revoked.out).toContain("the account's plan is now basic");
  expect(await entitlements()).toMatchObject({ plan: 'basic', source: 'default' });

  expect(plans('grant', 'nobody@example.com', 'premium')).toMatchObject({ status: 1, out: expect.stringContaining('No account has the email nobody@example.com') });
  expect(plans('grant', account.email, 'gold')).toMatchObject({ status: 1, out: expect.stringContaining('The plan must be one of premium, ultra') });
  expect(plans('promote', account.email)).toMatchObject({ status: 1, out: expect.stringContaining('Usage:') });
});
