import { expect, test } from '../support/fixtures';

test.describe('language switcher', () => {
  test('switching to EN and to NL changes the header and survives a reload', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Wydarzenia' })).toBeVisible();

    await header.getByRole('button', { name: 'EN', exact: true }).click();
    await expect(header.getByRole('link', { name: 'Events' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.reload();
    await expect(header.getByRole('link', { name: 'Events' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'EN', exact: true })).toHaveAttribute('aria-pressed', 'true');

    await header.getByRole('button', { name: 'NL', exact: true }).click();
    await expect(header.getByRole('link', { name: 'Evenementen' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Inloggen' })).toBeVisible();
    await page.reload();
    await expect(header.getByRole('link', { name: 'Evenementen' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');

    await header.getByRole('button', { name: 'PL', exact: true }).click();
    await expect(header.getByRole('link', { name: 'Zaloguj się' })).toBeVisible();
  });
});
