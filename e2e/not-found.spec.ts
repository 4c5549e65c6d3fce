import { sessionRequiredPaths, webPaths } from '@seguridad/contracts/web-paths';
import { expect, reactHasTakenOver, test } from './fixtures';

test('an unknown address answers 404 with a page that leads home', async ({ page }) => {
  const response = await page.goto('/esta-pagina-no-existe');
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle(/Página no encontrada/);
  await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible();
  await page.getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('navigating inside the site to an unknown path shows the same page', async ({ page }) => {
  // A page React renders at once: the prerendered pages (the landing, the legal texts, login,
  // sign-up, the draw's results) stay plain HTML until the visitor shows intent.
  await page.goto(webPaths.promo);
  await expect.poll(() => reactHasTakenOver(page)).toBe(true);
  await page.evaluate(() => {
    window.history.pushState({}, '', '/otra-cosa');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible();
  await expect(page).toHaveTitle(/Página no encontrada/);
});

test('client-side navigation starts each page at the top', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole('contentinfo').getByRole('link', { name: 'Resultados del sorteo de cámaras' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Resultados Sorteo de Cámaras' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

for (const path of sessionRequiredPaths) {
  test(`${path} sends a visitor without a session to log in first, to come back afterwards`, async ({
    page,
  }) => {
    const response = await page.goto(`${path}?plan=1`);
    expect(response?.status()).toBe(200);
    await expect
      .poll(() => {
        const url = new URL(page.url());
        return { path: url.pathname, returnTo: url.searchParams.get('redirect_to') };
      })
      .toEqual({ path: webPaths.login, returnTo: `${path}?plan=1` });
    await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toHaveCount(0);
  });
}
