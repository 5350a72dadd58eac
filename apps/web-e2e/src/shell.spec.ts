import { expect, test } from '../support/fixtures';

test.describe('the app shell', () => {
  test('/ renders the Polish shell: header, navigation and footer', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Główna nawigacja' });
    for (const name of ['Radio', 'Wydarzenia', 'Streaming', 'Studio AI', 'API']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: /^Sklep/ })).toHaveAttribute('target', '_blank');
    await expect(nav.getByRole('link', { name: /^Sklep/ })).toHaveAttribute('rel', /noopener/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Zaloguj się' })).toHaveAttribute('href', '/auth');
    await expect(page.getByRole('link', { name: 'GrouaRock — strona główna' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('contentinfo')).toContainText('© 2024 GrouaRock');
    await expect(page).toHaveTitle(/GrouaRock/);
  });

  test('the footer has every link of the spec; internal pages open in a new tab with no opener', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const hrefs = await footer.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    for (const path of ['/radio', '/#streaming', '/events', '/support', '/tutorials', '/contact', '/about', '/career', '/press', '/investors', '/privacy', '/terms', '/cookies', '/copyright', '/subscription']) {
      expect(hrefs).toContain(path);
    }
    expect(hrefs.filter((h) => h?.startsWith('https://'))).toHaveLength(6);
    const radio = footer.getByRole('link', { name: /^Radio online/ });
    await expect(radio).toHaveAttribute('target', '_blank');
    await expect(radio).toHaveAttribute('rel', /noopener/);
  });

  test('the current route is highlighted in the header', async ({ page }) => {
    await page.goto('/events');
    const nav = page.getByRole('banner').getByRole('navigation');
    await expect(nav.getByRole('link', { name: 'Wydarzenia' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Radio', exact: true })).not.toHaveAttribute('aria-current', 'page');
  });

  test('sends a Content-Security-Policy the app works under', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.getByRole('banner')).toBeVisible();
  });
});

test('/marketplace sends the browser to the external marketplace at once', async ({ page }) => {
  await page.route('https://marketplace.grouarock.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Marketplace</title>' }));
  await page.goto('/marketplace');
  await expect(page).toHaveURL('https://marketplace.grouarock.com/');
});
