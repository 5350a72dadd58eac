import AxeBuilder from '@axe-core/playwright';
import { expect, seriousAxeViolations, test } from '../support/fixtures';

test.describe('the chat assistant', () => {
  test('on the home page: it opens at 320×450, greets, streams an answer from our catalogue that links to /radio, and keeps the conversation', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Otwórz czat z asystentem' }).click();
    const chat = page.getByRole('dialog', { name: 'Asystent GrouaRock' });
    await expect(chat).toBeVisible();
    const box = await chat.boundingBox();
    expect(box && [Math.round(box.width), Math.round(box.height)]).toEqual([320, 450]);
    const log = chat.getByRole('log', { name: 'Rozmowa z asystentem' });
    await expect(log.getByRole('listitem')).toHaveCount(2);
    await expect(log).toContainText('Cześć! Jestem asystentem GrouaRock.');

    const input = chat.getByLabel('Twoja wiadomość');
    await expect(input).toBeFocused();
    // Blank text is not sent.
    await input.press('Enter');
    await expect(log.getByRole('listitem')).toHaveCount(2);
    await input.fill('Jakie stacje z Niemiec grają metal?');
    await input.press('Enter');
    await expect(input).toHaveValue('');
    const reply = log.getByRole('listitem').nth(3);
    await expect(reply).toContainText('Stacje (Niemcy · metal): E2E Metal.');
    await expect(log.getByRole('listitem')).toHaveCount(4);
    expect(await seriousAxeViolations(new AxeBuilder({ page }).include('[role="dialog"]'))).toEqual([]);

    await page.reload();
    await page.getByRole('button', { name: 'Otwórz czat z asystentem' }).click();
    await expect(page.getByRole('log')).toContainText('Stacje (Niemcy · metal): E2E Metal.');
    await page.getByRole('log').getByRole('link', { name: 'Radio' }).click();
    await expect(page).toHaveURL(/\/radio$/);
  });

  test('keyboard only: Enter opens it with the focus in the box, Shift+Enter is a new line, Escape closes it back to the button', async ({ page }) => {
    await page.goto('/');
    const launcher = page.getByRole('button', { name: 'Otwórz czat z asystentem' });
    await launcher.focus();
    await page.keyboard.press('Enter');
    const input = page.getByLabel('Twoja wiadomość');
    await expect(input).toBeFocused();
    await page.keyboard.type('ile kosztuje');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('Premium?');
    await expect(input).toHaveValue('ile kosztuje\nPremium?');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('log')).toContainText('Premium kosztuje $5 miesięcznie');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(launcher).toBeFocused();
  });

  test('at 375 px it is full screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Otwórz czat z asystentem' }).click();
    const box = await page.getByRole('dialog', { name: 'Asystent GrouaRock' }).boundingBox();
    expect(box && [box.x, box.y, box.width, box.height].map(Math.round)).toEqual([0, 0, 375, 740]);
    expect(await seriousAxeViolations(new AxeBuilder({ page }).include('[role="dialog"]'))).toEqual([]);
  });

  test('on /support it is in the page and answers from the help texts', async ({ page }) => {
    await page.goto('/support');
    const input = page.getByLabel('Twoja wiadomość');
    await input.fill('Czy muszę mieć konto, żeby słuchać radia?');
    await page.getByRole('button', { name: 'Wyślij' }).click();
    await expect(page.getByRole('log')).toContainText('Radia możesz słuchać bez rejestracji');
    expect(await seriousAxeViolations(new AxeBuilder({ page }).include('main'))).toEqual([]);
  });
});
