import type { Browser as FirefoxBrowser } from 'puppeteer-core';
import { test as base } from './fixtures';
import { signUpThroughApi, uniqueEmail } from './support/accounts';
import {
  callWithVideoChatAndFile,
  operatorPlaysVideoMailToTheEnd,
  operatorSignsInToCalls,
  sendContactForm,
  sendVideoMail,
  signInAndEditSettings,
} from './support/cross-browser-journeys';
import { launchFirefox } from './support/firefox';
import { playwrightJourneyPage, puppeteerJourneyPage, type JourneyPage } from './support/journey-driver';

/*
 * The journeys in Firefox (decision 037), each also run in Chromium by the other specs: the same
 * journey code drives Firefox through puppeteer-core and Chromium through Playwright, so a call
 * goes from one engine to the other in both directions.
 */

type Pages = { firefoxPage: () => Promise<JourneyPage>; chromiumPage: () => Promise<JourneyPage> };

const test = base.extend<Pages, { firefox: FirefoxBrowser }>({
  firefox: [
    async ({}, use) => {
      const browser = await launchFirefox();
      await use(browser);
      await browser.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  firefoxPage: async ({ firefox, server }, use) => {
    const opened: JourneyPage[] = [];
    await use(async () => {
      const context = await firefox.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width: 1280, height: 800 });
      const journeyPage = puppeteerJourneyPage(page, server.baseURL);
      opened.push({
        ...journeyPage,
        close: async () => {
          await journeyPage.close();
          await context.close();
        },
      });
      return journeyPage;
    });
    for (const page of opened) await page.close().catch(() => undefined);
  },
  chromiumPage: async ({ browser, server }, use) => {
    const opened: JourneyPage[] = [];
    await use(async () => {
      const context = await browser.newContext({ baseURL: server.baseURL, locale: 'es-CL' });
      const journeyPage = playwrightJourneyPage(await context.newPage(), server.baseURL);
      opened.push(journeyPage);
      return journeyPage;
    });
    for (const page of opened) await page.close().catch(() => undefined);
  },
});

test.describe('Firefox', () => {
  // Two browsers with live media on two cores: a call takes longer than a page.
  test.setTimeout(90_000);

  test('a Firefox citizen calls a Chromium operator: video both ways, chat, a file, the end', async ({
    firefoxPage,
    chromiumPage,
  }) => {
    await callWithVideoChatAndFile(await firefoxPage(), await chromiumPage());
  });

  test('a Chromium citizen calls a Firefox operator', async ({ firefoxPage, chromiumPage }) => {
    await callWithVideoChatAndFile(await chromiumPage(), await firefoxPage());
  });

  test('a video mail recorded in Firefox plays to its end and seeks in the console', async ({
    firefoxPage,
    chromiumPage,
  }) => {
    const operator = await chromiumPage();
    const sender = await sendVideoMail(await firefoxPage());
    await operatorSignsInToCalls(operator);
    await operatorPlaysVideoMailToTheEnd(operator, sender);
  });

  test('the contact form, then login and settings', async ({ firefoxPage, request }) => {
    const citizen = await firefoxPage();
    await sendContactForm(citizen);
    const email = uniqueEmail('firefox');
    await signUpThroughApi(request, { email, name: 'Rosa', lastname: 'Firefox' });
    await signInAndEditSettings(citizen, email);
  });
});
