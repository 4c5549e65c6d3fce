import { MINIMUM_AGE, SECURITY_NETWORK_MAX_PEOPLE } from '@seguridad/contracts/constants';
import { faqAnchors, staticDocuments, webPaths } from '@seguridad/contracts/web-paths';
import { expect, reactHasTakenOver, test } from './fixtures';

const legalTexts = [
  { sitePath: webPaths.terms, appPath: webPaths.termsApp, heading: 'Términos y condiciones' },
  { sitePath: webPaths.privacy, appPath: webPaths.privacyApp, heading: 'Política de privacidad' },
];

for (const legal of legalTexts) {
  test(`${legal.sitePath} shows the text with the site's header and footer`, async ({ page }) => {
    await page.goto(legal.sitePath);
    await expect(page.getByRole('heading', { level: 1, name: legal.heading })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Principal' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByText('Última actualización: noviembre de 2026')).toBeVisible();
  });

  test(`${legal.appPath} shows the same text without header or footer`, async ({ page }) => {
    await page.goto(legal.appPath);
    await expect(page.getByRole('heading', { level: 1, name: legal.heading })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Principal' })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
  });
}

test('the terms state the minimum age, the size of the network and arbitration in Santiago', async ({
  page,
}) => {
  await page.goto(webPaths.terms);
  const text = page.getByRole('main');
  await expect(text).toContainText(`${MINIMUM_AGE} años cumplidos`);
  await expect(text).toContainText(`hasta ${SECURITY_NETWORK_MAX_PEOPLE} personas`);
  await expect(text).toContainText('arbitraje en la ciudad de Santiago, ante un solo árbitro');
  await expect(text).toContainText('133');
});

test('the contents of the terms lead to their sections', async ({ page }) => {
  await page.goto(webPaths.terms);
  await page
    .getByRole('navigation', { name: 'Contenido' })
    .getByRole('link', { name: 'Ley aplicable y solución de controversias' })
    .click();
  await expect(page).toHaveURL(/#ley-aplicable$/);
  await expect(page.getByRole('heading', { level: 2, name: /Ley aplicable/ })).toBeInViewport();
});

test('inside the app, the terms link to the privacy policy without header', async ({ page }) => {
  await page.goto(webPaths.termsApp);
  await page.getByRole('link', { name: 'Política de privacidad' }).first().click();
  await expect(page).toHaveURL(new RegExp(`${webPaths.privacyApp}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Política de privacidad' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Principal' })).toHaveCount(0);
});

test('the FAQ index scrolls to each of its four sections', async ({ page }) => {
  await page.goto(webPaths.faq);
  await expect(page.getByRole('heading', { level: 1, name: 'Preguntas frecuentes' })).toBeVisible();
  const anchors = Object.values(faqAnchors);
  for (const anchor of anchors) await expect(page.locator(`section#${anchor}`)).toHaveCount(1);

  const index = page.getByRole('navigation', { name: 'En esta página' });
  await expect(index.getByRole('link')).toHaveCount(anchors.length);
  for (const anchor of anchors) {
    await index.locator(`a[href="#${anchor}"]`).click();
    await expect(page).toHaveURL(new RegExp(`#${anchor}$`));
    await expect(page.locator(`#${anchor} h2`)).toBeInViewport();
  }
});

// The index's first link jumps without the app, and starts loading it. The visitor scrolls back up
// meanwhile: when React takes over the page, it must not throw them back to that anchor (the
// browser has already placed it), or a tap on the index lands on whatever scrolled under it.
test('the FAQ stays where the visitor scrolled while the app took over', async ({ page }) => {
  let releaseApp!: () => void;
  const appHeld = new Promise<void>((resolve) => (releaseApp = resolve));
  let appRequested!: () => void;
  const appWanted = new Promise<void>((resolve) => (appRequested = resolve));
  await page.route(/\/assets\/boot-[\w-]+\.js$/, async (route) => {
    appRequested();
    await appHeld;
    await route.continue();
  });
  await page.goto(webPaths.faq);
  const first = Object.values(faqAnchors)[0]!;
  await page.getByRole('navigation', { name: 'En esta página' }).locator(`a[href="#${first}"]`).click();
  await expect(page).toHaveURL(new RegExp(`#${first}$`));
  await appWanted;
  await page.evaluate(() => window.scrollTo(0, 0));

  releaseApp();
  await expect.poll(() => reactHasTakenOver(page)).toBe(true);
  // Until React has committed and the browser is idle again.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 3_000 })));
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('the FAQ gives the gross yearly prices of the plans', async ({ page }) => {
  await page.goto(webPaths.faq);
  const prices = page.locator(`#${faqAnchors.prices}`);
  await expect(prices).toContainText('149.990');
  await expect(prices).toContainText('349.990');
  await expect(prices).toContainText('IVA incluido');
  await expect(prices).toContainText(/médico virtual \(próximamente\)/);
});

test('a FAQ answer opens from its question', async ({ page }) => {
  await page.goto(webPaths.faq);
  const question = page.getByText('¿Qué hago en una emergencia real?');
  const answer = page.getByRole('link', { name: '133' });
  await expect(answer).toBeHidden();
  await question.click();
  await expect(answer).toBeVisible();
  await expect(answer).toHaveAttribute('href', 'tel:133');
});

test('the FAQ offers its PDF, and the PDF is served', async ({ page }) => {
  await page.goto(webPaths.faq);
  const link = page.getByRole('main').getByRole('link', { name: /PDF/ });
  await expect(link).toHaveAttribute('href', staticDocuments.faqPdf);

  const response = await page.request.get(staticDocuments.faqPdf);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
});

test('a page opened from far down another one starts at the top at once', async ({ page }) => {
  await page.goto(webPaths.faq);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);

  await page.getByRole('contentinfo').getByRole('link', { name: 'Términos y condiciones' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Términos y condiciones' })).toBeVisible();
  // No glide from the old offset: the new page is at the top the moment it shows.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});
