import AxeBuilder from '@axe-core/playwright';
import { createConfirmedAccount, signInOnAuthPage, toast } from '../support/accounts';
import { expect, seriousAxeViolations, test } from '../support/fixtures';

test('a key made in /profile is shown once, calls the API within its plan, and stops working once revoked', async ({ page, request }) => {
  const account = await createConfirmedAccount(request, 'developer');
  await signInOnAuthPage(page, account);
  await page.goto('/profile');
  const panel = page.getByRole('region', { name: 'Klucze API' });
  await expect(panel.getByText('Nie masz jeszcze żadnego klucza.')).toBeVisible();
  await expect(panel.getByText(/^Plan API: Free · w tym miesiącu 0 z 1000 zapytań/)).toBeVisible();

  await panel.getByLabel('Nazwa klucza').fill('Mój skrypt');
  await panel.getByRole('combobox', { name: 'Uprawnienia' }).selectOption('read-only');
  await panel.getByRole('button', { name: 'Utwórz klucz' }).click();
  const key = (await panel.getByRole('status').locator('code').textContent()) ?? '';
  expect(key).toMatch(/^grk_[0-9A-Za-z]{49}$/);
  await expect(panel.getByRole('list', { name: 'Twoje klucze API' })).toContainText(`${key.slice(0, 12)}…`);
  expect(await seriousAxeViolations(new AxeBuilder({ page }).include('main'))).toEqual([]);

  const headers = { authorization: `Bearer ${key}` };
  const stations = await request.get('/api/v1/radio/stations', { headers });
  expect(stations.status()).toBe(200);
  expect(stations.headers()['ratelimit-policy']).toBe('"minute";q=10;w=60;grk-burst=50, "month";q=1000;w=2592000');
  expect((await request.post('/api/v1/stream/create', { headers, data: { title: 'x', genre: 'rock' } })).status()).toBe(403);

  // The page shows the use once it is read again.
  await page.reload();
  await expect(panel.getByText(/^Plan API: Free · w tym miesiącu 2 z 1000 zapytań/)).toBeVisible();
  await panel.getByRole('button', { name: 'Unieważnij klucz Mój skrypt' }).click();
  await panel.getByRole('button', { name: 'Tak, unieważnij' }).click();
  await expect(toast(page, 'Klucz Mój skrypt unieważniony: od teraz nie działa')).toBeVisible();
  await expect(panel.getByText('Nie masz jeszcze żadnego klucza.')).toBeVisible();
  expect((await request.get('/api/v1/radio/stations', { headers })).status()).toBe(401);
});
