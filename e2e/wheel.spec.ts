import { type APIRequestContext, type Page } from '@playwright/test';
import { WHEEL } from '@seguridad/contracts/constants';
import { wheelTexts } from '@seguridad/contracts/messages';
import { webPaths } from '@seguridad/contracts/web-paths';
import {
  checkedViewports,
  expect,
  expectNoHorizontalScroll,
  expectNoSeriousAxeViolations,
  test,
} from './fixtures';
import { fillLogin, signUpThroughApi, uniqueEmail } from './support/accounts';
import { eightDigits } from './support/promo';

/*
 * The prize wheel against the real built server. Every player is a new promo sign-up (a sign-up
 * with a phone earns one spin); the server draws the prizes, so a player may win extra spins and
 * the journeys spin until the server says none is left.
 */

/** A promo sign-up (with a phone, so it earns a spin), through the API the promo page uses. */
async function promoSignUp(request: APIRequestContext): Promise<string> {
  const email = uniqueEmail('ruleta');
  await signUpThroughApi(request, { email, name: 'Pía', lastname: 'Ruleta', phone: eightDigits() });
  return email;
}

/** A promo player signed in through the login page and back on the wheel. */
async function openWheelAsNewPlayer(page: Page) {
  const email = await promoSignUp(page.request);
  await page.goto(webPaths.wheel);
  await expect(page).toHaveURL(/\/login\?redirect_to=%2Fwheel$/);
  await fillLogin(page, email);
  await expect(page).toHaveURL(/\/wheel$/);
  await expect(page.getByRole('heading', { level: 1, name: wheelTexts.title })).toBeVisible();
}

const spinButton = (page: Page) => page.getByRole('button', { name: wheelTexts.spin });
const liveRegion = (page: Page) => page.locator('p[aria-live="polite"]');

test('a visitor without a session logs in first and comes back to the wheel', async ({ page }) => {
  await openWheelAsNewPlayer(page);
  await expect(page.getByText(wheelTexts.attemptsLeft(1))).toBeVisible();
  await expect(page.getByRole('img', { name: /Ruleta con 10 premios/ })).toBeVisible();
  await expect(page.locator('[data-section]')).toHaveCount(WHEEL.sections);
  await expect(spinButton(page)).toBeEnabled();
});

test('with reduced motion, a player spins until no spin is left and goes home', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openWheelAsNewPlayer(page);
  const result = page.getByRole('dialog', { name: wheelTexts.resultTitle });
  // One spin from sign-up, plus whatever extra spins the wheel gives: bounded, never endless.
  for (let turn = 0; turn < 30; turn += 1) {
    await spinButton(page).click();
    await expect(result).toBeVisible();
    // The live region (outside the modal, so not in the accessibility tree while it is open).
    await expect(liveRegion(page)).toContainText('Ganaste');
    const goHome = result.getByRole('link', { name: wheelTexts.goHome });
    if (await goHome.isVisible()) break;
    await result.getByRole('button', { name: wheelTexts.spinAgain }).click();
    await expect(result).toBeHidden();
  }
  const goHome = result.getByRole('link', { name: wheelTexts.goHome });
  await expect(goHome).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await goHome.click();
  await expect(page).toHaveURL(/\/$/);

  // Back on the wheel with nothing left: the dialog says so and leads home.
  await page.goto(webPaths.wheel);
  const none = page.getByRole('dialog', { name: wheelTexts.noAttemptsLeft });
  await expect(none).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await none.getByRole('link', { name: wheelTexts.goHome }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the full animation turns for 5 s and opens the result after 6 s', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await openWheelAsNewPlayer(page);
  await expectNoSeriousAxeViolations(page);
  const result = page.getByRole('dialog', { name: wheelTexts.resultTitle });
  const rotor = page.locator('svg[role="img"] > g').first();

  const started = Date.now();
  await spinButton(page).click();
  await expect(spinButton(page)).toBeDisabled();
  await expect(liveRegion(page)).toHaveText(wheelTexts.spinning);
  // The wheel is turning towards the prize: more than the three extra turns.
  await expect
    .poll(async () => rotor.evaluate((element) => getComputedStyle(element).transform))
    .not.toBe('none');
  await expect(result).toBeHidden();
  await expect(result).toBeVisible({ timeout: WHEEL.resultDelayMs + 4_000 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(WHEEL.resultDelayMs - 500);

  const again = result.getByRole('button', { name: wheelTexts.spinAgain });
  const goHome = result.getByRole('link', { name: wheelTexts.goHome });
  await expect(again.or(goHome)).toBeVisible();
  // The button text follows what the server said about spins left.
  const options = await page.request.get('/api/v1/marketing/getRouletteOptions', {
    headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('session-token'))}` },
  });
  const { attempts_left: attemptsLeft } = (await options.json()) as { attempts_left: number };
  await expect(attemptsLeft === 0 ? goHome : again).toBeVisible();
  // Behind the dialog the wheel is back at rest.
  await expect
    .poll(async () => rotor.evaluate((element) => getComputedStyle(element).transform))
    .toMatch(/^(none|matrix\(1, 0, 0, 1, 0, 0\))$/);
});

for (const viewport of checkedViewports) {
  test(`the wheel fits at ${viewport.name}`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await openWheelAsNewPlayer(page);
    await expect(page.locator('[data-section] image')).toHaveCount(WHEEL.sections);
    await expectNoHorizontalScroll(page);
    await expectNoSeriousAxeViolations(page);
    // What a person sees on arrival: the button must not sit under the floating contact button.
    const button = await spinButton(page).boundingBox();
    const contact = await page.getByRole('button', { name: 'Contáctanos' }).boundingBox();
    expect(button && contact && button.y + button.height <= contact.y).toBe(true);
    await page.screenshot({ path: testInfo.outputPath(`wheel-${viewport.width}.png`) });
  });
}
