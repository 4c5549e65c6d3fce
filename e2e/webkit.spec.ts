import { test as base } from './fixtures';
import { signUpThroughApi, uniqueEmail } from './support/accounts';
import {
  checkoutThroughFlow,
  landingAndFaq,
  noWebRtcAlternatives,
  promoRegistration,
  registerThroughThePage,
  sendContactForm,
  signInThroughThePage,
} from './support/cross-browser-journeys';
import { webDriverJourneyPage, type JourneyPage } from './support/journey-driver';
import { startWebKitDriver, type WebKitDriver } from './support/webkit';

/*
 * Page journeys in WebKit, Safari's engine (decision 037): Debian's WebKitGTK through
 * WebKitWebDriver under a virtual display. It has no WebRTC, so it also proves that the call and
 * the video mail tell such a browser what it can do instead.
 */

const test = base.extend<{ webkitPage: JourneyPage }, { webkit: WebKitDriver }>({
  webkit: [
    async ({}, use) => {
      const driver = await startWebKitDriver();
      await use(driver);
      await driver.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  webkitPage: async ({ webkit, server }, use) => {
    const page = webDriverJourneyPage(await webkit.newSession(), server.baseURL);
    await use(page);
    await page.close().catch(() => undefined);
  },
});

test.describe('WebKit', () => {
  // WebKitWebDriver now and then drops its connection mid-journey ("other side closed") on a loaded
  // machine; a journey that fails so is run once more, and the report counts it as flaky.
  test.describe.configure({ retries: 1 });
  test.setTimeout(90_000);

  test('landing, FAQ, the contact form, and the call that says what to do instead', async ({
    webkitPage,
  }) => {
    await landingAndFaq(webkitPage);
    await sendContactForm(webkitPage);
    await noWebRtcAlternatives(webkitPage);
  });

  test('register, log in, and register for the camera draw on /registrate', async ({ webkitPage }) => {
    const email = await registerThroughThePage(webkitPage);
    await signInThroughThePage(webkitPage, email);
    await promoRegistration(webkitPage, { signedIn: true });
  });

  test('checkout to the Flow simulator and back', async ({ webkitPage, request }) => {
    const email = uniqueEmail('webkit-compra');
    await signUpThroughApi(request, { email, name: 'Paula', lastname: 'Compradora' });
    await checkoutThroughFlow(webkitPage, email);
  });
});
