import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/fixtures';

test.describe('tutorials', () => {
  test('the category filter narrows the cards; a card opens /tutorial/{id} in a new tab', async ({ page, context }) => {
    await page.goto('/tutorials');
    await expect(page.getByRole('heading', { level: 1, name: 'Tutoriale' })).toBeVisible();
    await expect(page).toHaveTitle('Tutoriale — GrouaRock');
    const list = page.getByRole('list', { name: 'Lista tutoriali' });
    await expect(list.locator(':scope > li')).toHaveCount(8);

    const filter = page.getByRole('group', { name: 'Kategoria tutoriali' });
    await filter.getByRole('button', { name: 'Audio' }).click();
    await expect(filter.getByRole('button', { name: 'Audio' })).toHaveAttribute('aria-pressed', 'true');
    await expect(list.locator(':scope > li')).toHaveCount(2);
    await expect(page.getByText('Brak tutoriali w tej kategorii')).toHaveCount(0);

    await filter.getByRole('button', { name: 'API' }).click();
    const link = list.getByRole('link', { name: /^Publiczne API: stacje i now-playing/ });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe('/tutorial/publiczne-api-stacje-i-now-playing');
    await expect(tab.getByRole('heading', { level: 1, name: 'Publiczne API: stacje i now-playing' })).toBeVisible();
    await expect(tab.getByRole('heading', { level: 2, name: 'Co gra teraz' })).toBeVisible();
    await expect(tab).toHaveTitle(/^Publiczne API: stacje i now-playing/);
  });

  test('learning paths link their first step, which renders its tutorial', async ({ page }) => {
    await page.goto('/tutorials');
    for (const [name, href] of [
      ['Zacznij ścieżkę: Początkujący', '/tutorials/beginner-1'],
      ['Zacznij ścieżkę: Średniozaawansowany', '/tutorials/intermediate-1'],
      ['Zacznij ścieżkę: Ekspert', '/tutorials/expert-1'],
    ]) {
      await expect(page.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    await page.getByRole('link', { name: 'Zacznij ścieżkę: Początkujący' }).click();
    await expect(page).toHaveURL(/\/tutorials\/beginner-1$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pierwsze kroki z radiem' })).toBeVisible();
    await expect(page.getByText('Ścieżka Początkujący: krok 1 z 3')).toBeVisible();
    await page.getByRole('link', { name: 'Następny krok: Konto i sesje' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Konto i sesje' })).toBeVisible();

    await page.goto('/tutorials/expert-1');
    await expect(page.getByRole('heading', { level: 1, name: 'Publiczne API: stacje i now-playing' })).toBeVisible();
  });

  test('an unknown tutorial or path step shows the 404 page', async ({ page }) => {
    await page.goto('/tutorial/nie-ma-takiego');
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    await page.goto('/tutorials/beginner-9');
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  });

  test('one h1, fits 375 px, and axe finds no serious violation', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    for (const path of ['/tutorials', '/tutorial/zaawansowane-kanal-realtime', '/tutorials/intermediate-1']) {
      await page.goto(path);
      await expect(page.locator('h1')).toHaveCount(1);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect({ path, overflow }).toEqual({ path, overflow: 0 });
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect({ path, serious: serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`) }).toEqual({ path, serious: [] });
    }
  });
});
