import AxeBuilder from '@axe-core/playwright';
import { expect, seriousAxeViolations, test } from '../support/fixtures';

type Locale = 'pl' | 'en' | 'nl';

/** Each content page and its h1 in Polish, English and Dutch. */
const pages: { path: string; h1: Record<Locale, string>; mail: string }[] = [
  { path: '/about', h1: { pl: 'O nas', en: 'About us', nl: 'Over ons' }, mail: 'kontakt@grouarock.com' },
  { path: '/contact', h1: { pl: 'Kontakt', en: 'Contact', nl: 'Contact' }, mail: 'prawa-autorskie@grouarock.com' },
  { path: '/support', h1: { pl: 'Wsparcie', en: 'Support', nl: 'Ondersteuning' }, mail: 'wsparcie@grouarock.com' },
  { path: '/terms', h1: { pl: 'Regulamin', en: 'Terms of use', nl: 'Gebruiksvoorwaarden' }, mail: 'kontakt@grouarock.com' },
  {
    path: '/privacy',
    h1: { pl: 'Polityka prywatności', en: 'Privacy policy', nl: 'Privacybeleid' },
    mail: 'prywatnosc@grouarock.com',
  },
  { path: '/cookies', h1: { pl: 'Polityka cookies', en: 'Cookie policy', nl: 'Cookiebeleid' }, mail: 'prywatnosc@grouarock.com' },
  {
    path: '/copyright',
    h1: { pl: 'Prawa autorskie', en: 'Copyright', nl: 'Auteursrecht' },
    mail: 'prawa-autorskie@grouarock.com',
  },
  { path: '/partners', h1: { pl: 'Partnerzy', en: 'Partners', nl: 'Partners' }, mail: 'partnerzy@grouarock.com' },
  { path: '/career', h1: { pl: 'Kariera', en: 'Careers', nl: 'Vacatures' }, mail: 'kariera@grouarock.com' },
  { path: '/investors', h1: { pl: 'Inwestorzy', en: 'Investors', nl: 'Investeerders' }, mail: 'inwestorzy@grouarock.com' },
  { path: '/press', h1: { pl: 'Prasa', en: 'Press', nl: 'Pers' }, mail: 'prasa@grouarock.com' },
];

for (const { path, h1, mail } of pages) {
  test.describe(`content page ${path}`, () => {
    for (const locale of ['pl', 'en', 'nl'] as const) {
      test(`renders its one h1 in ${locale}`, async ({ page }) => {
        await page.addInitScript((value) => window.localStorage.setItem('grouarock.locale', JSON.stringify(value)), locale);
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1[locale]);
        await expect(page.locator('main h1')).toHaveCount(1);
        await expect(page).toHaveTitle(new RegExp(`^${h1[locale]} — GrouaRock$`));
      });
    }

    test('its mail links are mailto: links', async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1.pl);
      const links = page.locator('main a[href^="mailto:"]');
      expect(await links.count()).toBeGreaterThan(0);
      for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))) {
        expect(href).toMatch(/^mailto:[a-z-]+@grouarock\.com(\?subject=.+)?$/);
      }
      await expect(page.locator(`main a[href^="mailto:${mail}"]`).first()).toBeVisible();
    });

    test('axe finds no serious violation', async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1.pl);
      expect(await seriousAxeViolations(new AxeBuilder({ page }))).toEqual([]);
    });
  });
}

test.describe('content pages at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  for (const { path, h1 } of pages) {
    test(`${path} does not scroll sideways and passes axe`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1.pl);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await seriousAxeViolations(new AxeBuilder({ page }))).toEqual([]);
    });
  }
});

test('the header language buttons switch a content page between pl, en and nl', async ({ page }) => {
  await page.goto('/partners');
  const header = page.getByRole('banner');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Partnerzy');
  await header.getByRole('button', { name: 'EN', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Planned revenue mix' })).toBeVisible();
  await header.getByRole('button', { name: 'NL', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Geplande inkomstenverdeling' })).toBeVisible();
  await header.getByRole('button', { name: 'PL', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Planowana struktura przychodów' })).toBeVisible();
});

test('the partners page shows the tiers and the planned revenue mix with the same numbers as the chart', async ({ page }) => {
  await page.goto('/partners');
  for (const tier of ['Bronze', 'Silver', 'Gold', 'Platinum']) {
    await expect(page.getByRole('heading', { level: 3, name: tier })).toBeVisible();
  }
  await expect(page.getByRole('img', { name: 'Wykres słupkowy planowanej struktury przychodów' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Planowana struktura przychodów' });
  await expect(table.getByRole('row')).toHaveCount(5);
  await expect(table).toContainText('60%');
  await expect(table).toContainText('5%');
});

test('the career page applies by mail with the offer title as the subject', async ({ page }) => {
  await page.goto('/career');
  const apply = page.getByRole('link', { name: /^Aplikuj:/ });
  await expect(apply).toHaveCount(4);
  await expect(apply.first()).toHaveAttribute('href', 'mailto:kariera@grouarock.com?subject=Frontend%20Developer%20(React)');
});

test('the support page links to the tutorials', async ({ page }) => {
  await page.goto('/support');
  await expect(page.getByRole('main').getByRole('link', { name: 'Zobacz poradniki' })).toHaveAttribute('href', '/tutorials');
});
