import { expect, type Locator, type Page } from '@playwright/test';

/** The radio player's status line (LIVE, ŁADOWANIE…, Reklama…). */
export const playerStatus = (within: Page | Locator) => within.getByTestId('player-status');

/** The player's level meter's last peak: above 0 while sound plays. */
export const playerPeak = async (within: Page | Locator) => Number(await within.getByTestId('level-meter').getAttribute('data-peak'));

/** Waits for the sign-in invitation a signed-out visitor of /radio gets after 3 s, and closes it. */
export async function closeSignInInvitation(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Zaloguj się' });
  await expect(dialog).toBeVisible({ timeout: 6000 });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}
