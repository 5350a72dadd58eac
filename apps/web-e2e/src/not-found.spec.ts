import { query } from '../support/database';
import { expect, test } from '../support/fixtures';

test.describe('404', () => {
  test('an unknown path shows the 404 page, links home, and the API stored the report', async ({ page }) => {
    const path = `/to-nie-istnieje-${Date.now()}`;
    await page.goto(`${path}?from=e2e`);
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();

    await expect
      .poll(async () => query<{ kind: string }>('SELECT kind FROM client_logs WHERE path = $1', [`${path}?from=e2e`]))
      .toEqual([{ kind: 'not_found' }]);

    await page.getByRole('link', { name: 'Wróć na stronę główną' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
