import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const userAgents = {
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  desktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
};

/** The stores are outside this closed network: answer their requests with a stand-in page. */
async function captureStoreNavigation(page: Page) {
  const visited: string[] = [];
  await page.route(/https:\/\/(play\.google\.com|apps\.apple\.com)\/.*/, async (route) => {
    visited.push(route.request().url());
    await route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<title>Tienda</title><h1>Tienda</h1>',
    });
  });
  return visited;
}

test.describe('store redirect', () => {
  test.describe('on Android', () => {
    test.use({ userAgent: userAgents.android });
    test('goes to Google Play', async ({ page }) => {
      const visited = await captureStoreNavigation(page);
      await page.goto('/store-redirect');
      await page.waitForURL(/play\.google\.com/);
      expect(visited[0]).toContain('play.google.com/store/apps/details');
    });
  });

  test.describe('on a Mac', () => {
    test.use({ userAgent: userAgents.mac });
    test('goes to the App Store', async ({ page }) => {
      const visited = await captureStoreNavigation(page);
      await page.goto('/store-redirect');
      await page.waitForURL(/apps\.apple\.com/);
      expect(visited[0]).toContain('apps.apple.com');
    });
  });

  test.describe('on a desktop computer', () => {
    test.use({ userAgent: userAgents.desktop });
    test('shows both store buttons and stays', async ({ page }) => {
      const visited = await captureStoreNavigation(page);
      await page.goto('/store-redirect');
      await expect(page.getByRole('link', { name: /App Store/ })).toHaveAttribute('href', /apps\.apple\.com/);
      await expect(page.getByRole('link', { name: /Google Play/ })).toHaveAttribute(
        'href',
        /play\.google\.com/,
      );
      // The page decides once hydrated: wait until React has taken over the prerendered heading.
      await page.waitForFunction(() => {
        const heading = document.querySelector('h1');
        return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
      });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
      await expect(page).toHaveURL(/\/store-redirect$/);
      expect(visited).toEqual([]);
    });
  });
});
