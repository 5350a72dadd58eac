import AxeBuilder from '@axe-core/playwright';
import { createConfirmedAccount, signInOnAuthPage } from '../support/accounts';
import { query } from '../support/database';
import { expect, test } from '../support/fixtures';

test.describe('/subscription', () => {
  test('a signed-in fan buys Premium: Stripe checkout, the webhook, and Premium is the current plan', async ({ page, request }) => {
    const account = await createConfirmedAccount(request, 'buyer');
    await signInOnAuthPage(page, account);
    await page.goto('/subscription');
    const premium = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Premium', level: 3 }) });
    await expect(premium.getByText('NAJPOPULARNIEJSZY')).toBeVisible();
    await expect(premium.getByText('Pierwsze 30 dni za darmo')).toBeVisible();
    await premium.getByRole('button', { name: 'Wybierz Premium' }).click();

    // Stripe's hosted checkout (the local fake's page), with the 30-day trial of a first subscription.
    await expect(page).toHaveURL(new RegExp(`^${process.env.E2E_STRIPE_URL}/checkout/cs_`));
    await expect(page.getByText('price_fake_premium, 30-day trial')).toBeVisible();
    const checkoutUrl = page.url();
    await page.getByRole('button', { name: 'Pay' }).click();

    await expect(page).toHaveURL(/\/subscription\?checkout=success$/);
    // The webhook took the checkout's events (the fake delivers them before it sends the browser back): each answered
    // 200 and is recorded as processed. The page's own sync on return would show Premium even without them.
    const { events, deliveries } = (await (await request.get(`${checkoutUrl}/deliveries`)).json()) as {
      events: { id: string; type: string }[];
      deliveries: { eventId: string; type: string; status: number | null }[];
    };
    expect(events.map((e) => e.type)).toEqual(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']);
    expect(deliveries).toEqual(events.map((e) => ({ eventId: e.id, type: e.type, status: 200 })));
    const processed = await query<{ id: string; status: string }>('SELECT id, status FROM stripe_events WHERE id = ANY($1)', [events.map((e) => e.id)]);
    expect(Object.fromEntries(processed.map((row) => [row.id, row.status]))).toEqual(Object.fromEntries(events.map((e) => [e.id, 'processed'])));
    await expect(page.getByText('Gotowe! Twój plan to teraz Premium.')).toBeVisible();
    await expect(premium.getByRole('button', { name: 'Aktualny plan' })).toBeDisabled();
    await expect(page.getByText(/^Darmowy okres Premium trwa do /)).toBeVisible();
    const ultra = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Ultra', level: 3 }) });
    await expect(ultra.getByRole('button', { name: 'Zmień plan w portalu' })).toBeEnabled();

    await page.goto('/profile');
    await expect(page.getByRole('region', { name: 'Subskrypcja' }).getByText('Twój plan: Premium')).toBeVisible();
  });

  test('a visitor choosing a plan gets the login dialog', async ({ page }) => {
    await page.goto('/subscription');
    const ultra = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Ultra', level: 3 }) });
    await expect(page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Basic', level: 3 }) }).getByRole('button', { name: 'Aktualny plan' })).toBeDisabled();
    await ultra.getByRole('button', { name: 'Wybierz Ultra' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page).toHaveURL(/\/subscription$/);
  });

  test('axe finds no serious violation, on desktop and on a phone', async ({ page }) => {
    for (const viewport of [{ width: 1280, height: 900 }, { width: 375, height: 800 }]) {
      await page.setViewportSize(viewport);
      await page.goto('/subscription');
      await expect(page.getByRole('table')).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
  });
});
