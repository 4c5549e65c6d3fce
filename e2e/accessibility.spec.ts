import { webPaths } from '@seguridad/contracts/web-paths';
import {
  checkedViewports,
  expect,
  expectNoHorizontalScroll,
  expectNoSeriousAxeViolations,
  test,
} from './fixtures';

const publicPages = [
  webPaths.home,
  webPaths.terms,
  webPaths.privacy,
  webPaths.termsApp,
  webPaths.privacyApp,
  webPaths.faq,
  webPaths.results,
  webPaths.storeRedirect,
  '/pagina-inexistente',
];

for (const viewport of checkedViewports) {
  test.describe(`public pages at ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const path of publicPages) {
      test(`${path} has no serious accessibility problems, no console errors and no sideways scroll`, async ({
        page,
      }) => {
        const consoleErrors: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error') consoleErrors.push(message.text());
        });
        page.on('pageerror', (error) => consoleErrors.push(error.message));

        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expect(page).toHaveTitle(/.+/);
        const description = await page.locator('meta[name="description"]').getAttribute('content');
        expect(description?.length ?? 0).toBeGreaterThan(20);

        // Scroll through so that content revealed on scroll is checked as a visitor sees it.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
            window.scrollTo(0, y);
            await new Promise((resolve) => setTimeout(resolve, 30));
          }
        });
        // Every revealed block has finished sliding in before the page is checked.
        await expect(page.locator('[data-reveal-state="pending"]')).toHaveCount(0);
        await expect
          .poll(() =>
            page.evaluate(
              () => document.getAnimations().filter((animation) => animation.playState === 'running').length,
            ),
          )
          .toBe(0);

        await expectNoSeriousAxeViolations(page);
        await expectNoHorizontalScroll(page);
        // A 404 page is expected to log its own status; nothing else may (CSP violations show up here).
        expect(consoleErrors.filter((text) => !text.includes('404'))).toEqual([]);
      });
    }
  });
}
