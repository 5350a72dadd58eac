import { expect, test } from '../support/fixtures';

test('Swagger UI at /api/docs loads and lists the API', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /GrouaRock API/ })).toBeVisible();
  await expect(page.getByText('/api/v1/health', { exact: true })).toBeVisible();
  await expect(page.getByText('/api/v1/client-logs', { exact: true })).toBeVisible();
});
