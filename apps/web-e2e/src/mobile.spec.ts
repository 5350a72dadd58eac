import { expect, test } from '../support/fixtures';

test.use({ viewport: { width: 375, height: 800 } });

test.describe('mobile navigation', () => {
  test('below 768 px the links live in a drawer that slides in from the right', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Wydarzenia' })).toBeHidden();

    const open = header.getByRole('button', { name: 'Otwórz menu' });
    await open.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    for (const name of ['Radio', 'Wydarzenia', 'Streaming', 'Studio AI', 'API', 'Zaloguj się']) {
      await expect(drawer.getByRole('link', { name, exact: true })).toBeVisible();
    }
    // It slides in: once the animation ends, its right edge is the viewport's.
    await expect.poll(async () => ((b) => b && Math.round(b.x + b.width))(await drawer.boundingBox())).toBe(375);

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await drawer.getByRole('link', { name: 'Wydarzenia' }).click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(drawer).toBeHidden();
  });
});
