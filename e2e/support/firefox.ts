import { existsSync } from 'node:fs';
import puppeteer, { type Browser } from 'puppeteer-core';

/** Debian's Firefox ESR; `scripts/ensure-firefox.sh` installs it when missing (decision 037). */
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/**
 * A fake camera and microphone without a prompt (Chromium's fake-device flags' counterpart), media
 * that plays without a gesture, and Spanish first.
 */
export const firefoxPrefs: Record<string, unknown> = {
  'media.navigator.streams.fake': true,
  'media.navigator.permission.disabled': true,
  'media.autoplay.default': 0,
  'media.autoplay.blocking_policy': 0,
  'intl.accept_languages': 'es-CL, es',
  'browser.shell.checkDefaultBrowser': false,
  'datareporting.policy.dataSubmissionEnabled': false,
};

/**
 * Playwright drives only its own patched Firefox builds, which cannot be fetched here; Debian's
 * Firefox is driven with puppeteer-core over WebDriver BiDi, a W3C protocol Firefox speaks itself.
 */
export async function launchFirefox(extraPrefs: Record<string, unknown> = {}): Promise<Browser> {
  if (!existsSync(FIREFOX_PATH)) {
    throw new Error(`Firefox is missing at ${FIREFOX_PATH}: run scripts/ensure-firefox.sh as root`);
  }
  return puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: FIREFOX_PATH,
    headless: true,
    extraPrefsFirefox: { ...firefoxPrefs, ...extraPrefs },
  });
}
