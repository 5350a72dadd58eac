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

test('/api: five tabs read from the OpenAPI document, and the cost calculator', async ({ page }) => {
  await page.goto('/api');
  await expect(page.getByRole('heading', { name: 'API GrouaRock', level: 1 })).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Dokumentacja API' });
  await expect(tabs.getByRole('tab')).toHaveText(['Endpointy', 'Uwierzytelnianie', 'Przykłady', 'WebSocket', 'SDK']);
  for (const path of ['/api/v1/radio/stations', '/api/v1/search', '/api/v1/user/playlists', '/api/v1/recommendations', '/api/v1/webhooks', '/api/v1/user/export']) {
    await expect(page.getByRole('article', { name: new RegExp(` ${path.replace(/\//g, '\\/')}$`) }).first()).toBeVisible();
  }
  await tabs.getByRole('tab', { name: 'SDK' }).click();
  await expect(page.getByText('npm run sdk', { exact: false })).toBeVisible();

  const total = page.getByRole('status').filter({ hasText: 'Razem' });
  await expect(total).toHaveText('Razem: 651 PLN miesięcznie');
  const requests = page.getByLabel('Zapytań miesięcznie');
  const streaming = page.getByLabel('Streaming (GB miesięcznie)');
  const plan = page.getByRole('combobox', { name: 'Plan' });
  for (const [choice, count, gb, expected] of [
    ['Developer', '250000', '0', 'Razem: 599 PLN miesięcznie'],
    ['Free', '1000', '5', 'Razem: 1 PLN miesięcznie'],
    ['Business', 'mnóstwo', 'x', 'Razem: 399 PLN miesięcznie'],
  ] as const) {
    await plan.selectOption({ label: choice });
    await requests.fill(count);
    await streaming.fill(gb);
    await expect(total).toHaveText(expected);
  }
  await expect(page.getByRole('link', { name: 'Otwórz raport' })).toHaveAttribute('href', 'https://grouarock.com/api/raport?requests=0&plan=business&streaming=0');
  expect(await seriousAxeViolations(new AxeBuilder({ page }).include('main'))).toEqual([]);
});

test('a key made in /profile runs the examples of /api', async ({ page, request }) => {
  const account = await createConfirmedAccount(request, 'examples');
  await signInOnAuthPage(page, account);
  await page.goto('/profile');
  const panel = page.getByRole('region', { name: 'Klucze API' });
  await panel.getByLabel('Nazwa klucza').fill('Przykłady');
  await panel.getByRole('combobox', { name: 'Uprawnienia' }).selectOption('full-access');
  await panel.getByRole('button', { name: 'Utwórz klucz' }).click();
  const key = (await panel.getByRole('status').locator('code').textContent()) ?? '';

  await page.goto('/api');
  await page.getByRole('tablist', { name: 'Dokumentacja API' }).getByRole('tab', { name: 'Przykłady' }).click();
  expect(await seriousAxeViolations(new AxeBuilder({ page }).include('main'))).toEqual([]);
  for (const name of ['curl: GET /api/v1/radio/stations', 'curl: POST /api/v1/user/playlists']) {
    const command = (await page.getByRole('figure', { name }).locator('code').textContent()) ?? '';
    // Run the command as a shell would, with GROUAROCK_API_KEY set to the key.
    const url = /curl(?: -X (\w+))? "([^"]+)"/.exec(command)!;
    const body = /-d '(.+)'$/m.exec(command)?.[1];
    const res = await request.fetch(url[2], {
      method: url[1] ?? 'GET',
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      data: body,
    });
    expect([name, res.status()]).toEqual([name, url[1] === 'POST' ? 201 : 200]);
  }
  const mine = await request.get('/api/v1/user/playlists', { headers: { authorization: `Bearer ${key}` } });
  expect(((await mine.json()) as { playlists: { name: string }[] }).playlists.map((p) => p.name)).toEqual(['Polski punk na drogę']);
});

test('deleting one’s data in /profile signs out, and the account’s key stops working', async ({ page, request }) => {
  const account = await createConfirmedAccount(request, 'erased');
  await signInOnAuthPage(page, account);
  await page.goto('/profile');
  const keys = page.getByRole('region', { name: 'Klucze API' });
  await keys.getByLabel('Nazwa klucza').fill('Do usunięcia');
  await keys.getByRole('button', { name: 'Utwórz klucz' }).click();
  const key = (await keys.getByRole('status').locator('code').textContent()) ?? '';
  expect((await request.get('/api/v1/radio/stations', { headers: { authorization: `Bearer ${key}` } })).status()).toBe(200);

  const data = page.getByRole('region', { name: 'Twoje dane' });
  await data.getByRole('button', { name: 'Usuń moje dane' }).click();
  await data.getByLabel('Wpisz USUŃ, aby potwierdzić').fill('USUŃ');
  await data.getByRole('button', { name: 'Usuń na zawsze' }).click();
  await expect(toast(page, 'Twoje dane zostały usunięte')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect((await request.get('/api/v1/radio/stations', { headers: { authorization: `Bearer ${key}` } })).status()).toBe(401);
  const signIn = await request.post('/api/v1/auth/token?grant_type=password', { data: { email: account.email, password: account.password } });
  expect(signIn.status()).toBe(400);
});
