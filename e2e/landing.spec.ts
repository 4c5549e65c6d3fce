import { type Page } from '@playwright/test';
import { pageTexts } from '@seguridad/contracts/messages';
import { landingAnchors, landingMenu, webPaths } from '@seguridad/contracts/web-paths';
import { expect, test } from './fixtures';

/** Where the store buttons must lead: the build's settings when given, else the official stores. */
const storeUrls = {
  appStore: process.env.VITE_APP_STORE_URL?.trim() || /^https:\/\/apps\.apple\.com\//,
  playStore:
    process.env.VITE_PLAY_STORE_URL?.trim() || /^https:\/\/play\.google\.com\/store\/apps\/details\?id=/,
};

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether React has taken over the page (it marks the container it renders into). */
function reactOwnsPage(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')),
  );
}

async function scrollToBottom(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}

test.describe('landing page', () => {
  test('renders the headline and every anchored section in the prerendered HTML, before any script', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const anchor of Object.values(landingAnchors)) {
      await expect(page.locator(`section[id="${anchor}"]`)).toBeVisible();
    }
    await context.close();
  });

  test.describe('on a desktop screen (1280 px)', () => {
    test.use({ viewport: { width: 1280, height: 800 } });

    test('every header menu link scrolls to its section', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Start at the bottom so that even "App Móvil" has to move the page.
      await scrollToBottom(page);
      const menu = page.getByRole('navigation', { name: 'Principal' });

      for (const item of landingMenu) {
        await menu.getByRole('link', { name: item.label, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`/#${escapeRegExp(item.anchor)}$`));
        await expect(page.locator(`section[id="${item.anchor}"]`)).toBeInViewport();
      }
    });
  });

  test.describe('on a phone (360 px)', () => {
    test.use({ viewport: { width: 360, height: 800 } });

    test('every link of the folded menu scrolls to its section and closes the menu', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await scrollToBottom(page);
      const menu = page.getByRole('navigation', { name: 'Principal' });
      const menuButton = page.getByRole('button', { name: /menú/ });

      for (const item of landingMenu) {
        await expect(menu).toBeHidden();
        await menuButton.click();
        await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
        await menu.getByRole('link', { name: item.label, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`/#${escapeRegExp(item.anchor)}$`));
        await expect(page.locator(`section[id="${item.anchor}"]`)).toBeInViewport();
        await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
      }
    });
  });

  test.describe('before the visitor shows intent (phone, 360 px)', () => {
    test.use({ viewport: { width: 360, height: 800 } });

    test('loads no app script; the menu works at once and stays as it was when React takes over', async ({
      page,
    }) => {
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await page.goto('/');
      await page.waitForLoadState('networkidle');
      // Only the small entry: React and the page's components wait for an intent.
      expect(scripts.filter((script) => /\/assets\/boot-/.test(script))).toEqual([]);
      expect(await reactOwnsPage(page)).toBe(false);

      const menuButton = page.getByRole('button', { name: 'Abrir menú' });
      const menu = page.getByRole('navigation', { name: 'Principal' });
      await menuButton.click();
      await expect(menu).toBeVisible();
      await expect(page.getByRole('button', { name: 'Cerrar menú' })).toHaveAttribute(
        'aria-expanded',
        'true',
      );

      // The tap was the intent: React loads, takes over, and the open menu stays open.
      await expect.poll(() => reactOwnsPage(page)).toBe(true);
      expect(scripts.some((script) => /\/assets\/boot-/.test(script))).toBe(true);
      await expect(menu).toBeVisible();
      await page.getByRole('button', { name: 'Cerrar menú' }).click();
      await expect(menu).toBeHidden();
      await expect(page.getByRole('button', { name: 'Abrir menú' })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
    });

    test('a press of Contáctanos before React is there opens the drawer once it is', async ({ page }) => {
      await page.goto('/');
      await page.waitForLoadState('networkidle');
      expect(await reactOwnsPage(page)).toBe(false);
      await page.getByRole('button', { name: 'Contáctanos' }).click();
      await expect(page.getByRole('dialog', { name: 'Contáctanos' })).toBeVisible();
    });
  });

  test('the store buttons of the hero and of the download section lead to the configured stores', async ({
    page,
  }) => {
    await page.goto('/');
    for (const anchor of [landingAnchors.app, landingAnchors.download]) {
      const section = page.locator(`section[id="${anchor}"]`);
      await expect(section.getByRole('link', { name: /App Store/ })).toHaveAttribute(
        'href',
        storeUrls.appStore,
      );
      await expect(section.getByRole('link', { name: /Google Play/ })).toHaveAttribute(
        'href',
        storeUrls.playStore,
      );
    }
  });

  test('the camera draw section links to the results page', async ({ page }) => {
    await page.goto('/');
    const draw = page.locator('section', {
      has: page.getByRole('heading', { name: /Sorteo de 50 cámaras/ }),
    });
    const resultsLink = draw.getByRole('link', { name: /ganadores/ });
    await expect(resultsLink).toHaveAttribute('href', webPaths.results);
    await resultsLink.click();
    await expect(page).toHaveURL(new RegExp(`${escapeRegExp(webPaths.results)}$`));
    await expect(page.getByRole('heading', { level: 1, name: pageTexts.resultsTitle })).toBeVisible();
  });
});
