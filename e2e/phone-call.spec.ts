import type { Page } from '@playwright/test';
import { phoneCallTexts, ratingTexts } from '@seguridad/contracts/messages';
import { callHistoryTexts } from '@seguridad/contracts/messages/console';
import { expectNoHorizontalScroll, expectNoSeriousAxeViolations, checkedViewports } from './fixtures';
import { expect } from './fixtures';
import { test } from './call-journeys';

/** The citizen opens the drawer's Llamada panel (the phone call, not the Videollamada). */
async function openPhonePanel(citizen: Page) {
  await citizen.goto('/');
  await citizen.getByRole('button', { name: 'Contáctanos' }).click();
  await citizen
    .getByRole('dialog')
    .getByRole('button', { name: /^Llamada Habla/ })
    .click();
  const panel = citizen.getByRole('dialog', { name: 'Llamada' });
  await expect(panel.getByRole('button', { name: phoneCallTexts.call })).toBeEnabled();
  return panel;
}

/** Audio and video tracks of the stream a media element plays. */
function tracksOf(page: Page, selector: string) {
  return page.locator(selector).evaluate((element: HTMLMediaElement) => {
    const stream = element.srcObject as MediaStream | null;
    return { audio: stream?.getAudioTracks().length ?? 0, video: stream?.getVideoTracks().length ?? 0 };
  });
}

test.describe('phone call', () => {
  test.setTimeout(90_000);

  test('a phone call is answered audio only, and the digits the citizen types reach the console', async ({
    operator,
    page: citizen,
  }) => {
    // Records what the browser is asked to play as DTMF tones on the call's audio sender.
    await citizen.addInitScript(() => {
      const tones: string[] = [];
      (window as unknown as { dtmfTones: string[] }).dtmfTones = tones;
      const original = RTCDTMFSender.prototype.insertDTMF;
      RTCDTMFSender.prototype.insertDTMF = function (this: RTCDTMFSender, ...args) {
        tones.push(args[0]);
        return original.apply(this, args);
      };
    });
    const panel = await openPhonePanel(citizen);
    await expectNoSeriousAxeViolations(citizen);
    for (const viewport of checkedViewports) {
      await citizen.setViewportSize(viewport);
      await expectNoHorizontalScroll(citizen);
      await citizen.screenshot({ path: `test-results/phone-panel-ready-${viewport.width}.png` });
    }
    await citizen.setViewportSize({ width: 1280, height: 800 });

    await panel.getByRole('button', { name: phoneCallTexts.call }).click();
    await expect(panel.getByRole('status').filter({ hasText: phoneCallTexts.waiting })).toBeVisible();

    const queued = operator.page.getByRole('listitem').filter({ hasText: phoneCallTexts.consoleTitle });
    await queued.getByRole('button', { name: /Aceptar/ }).click();
    const consoleCall = operator.page.getByRole('region', { name: phoneCallTexts.consoleTitle });
    await expect(consoleCall).toBeVisible();
    await expect(panel.getByRole('status').filter({ hasText: phoneCallTexts.connected })).toBeVisible({
      timeout: 15_000,
    });
    await expect(consoleCall.getByRole('button', { name: 'Compartir pantalla' })).toHaveCount(0);

    // Audio only, both ways: the operator answered with the microphone alone.
    await expect
      .poll(() => tracksOf(citizen, `audio[aria-label="${phoneCallTexts.remoteAudio}"]`), { timeout: 15_000 })
      .toEqual({ audio: 1, video: 0 });
    await expect
      .poll(() => tracksOf(operator.page, `video[aria-label="${phoneCallTexts.remoteAudioConsole}"]`))
      .toEqual({ audio: 1, video: 0 });

    // Only digit keystrokes are taken; the keypad's buttons send too.
    const digits = panel.getByLabel(phoneCallTexts.digitsLabel);
    await digits.click();
    await citizen.keyboard.type('12a-3#*');
    await expect(digits).toHaveValue('123');
    await panel
      .getByRole('group', { name: phoneCallTexts.keypad })
      .getByRole('button', { name: '4' })
      .click();
    await expect(digits).toHaveValue('1234');
    await expect(consoleCall.getByText(phoneCallTexts.consoleDigits('1234'))).toBeVisible();
    const tones = await citizen.evaluate(() => (window as unknown as { dtmfTones: string[] }).dtmfTones);
    expect(tones.join('')).toContain('4');
    expect(tones.join('')).toMatch(/^[0-9]+$/);

    for (const viewport of checkedViewports) {
      await citizen.setViewportSize(viewport);
      await expectNoHorizontalScroll(citizen);
      await citizen.screenshot({ path: `test-results/phone-panel-in-call-${viewport.width}.png` });
    }
    await operator.page.screenshot({ path: 'test-results/phone-call-console.png' });

    await panel.getByRole('button', { name: phoneCallTexts.hangUp }).click();
    await expect(panel.getByRole('heading', { name: phoneCallTexts.ended })).toBeVisible();
    // The answered phone call is rated on its end, above Cerrar (decision 044).
    const rating = panel.getByRole('form', { name: ratingTexts.question });
    await rating.getByRole('radio', { name: '5 estrellas' }).check();
    await rating.getByRole('button', { name: ratingTexts.send }).click();
    await expect(panel.getByText(ratingTexts.thanks)).toBeVisible();
    // The console's stage says the phone call ended (not a video call), and the way back is reachable.
    await expect(consoleCall.getByText(phoneCallTexts.ended)).toBeVisible();
    await consoleCall.getByRole('button', { name: 'Volver a la fila' }).click();

    // The console's history says it was a phone call, not a video call.
    const lastCall = operator.page
      .getByRole('region', { name: callHistoryTexts.title })
      .getByRole('listitem')
      .first();
    await expect(lastCall).toContainText(callHistoryTexts.channel.phone);
    await expect(lastCall).toContainText(callHistoryTexts.status.ended);
    await expect(lastCall).toContainText(ratingTexts.consoleStars(5));
    await operator.page.screenshot({ path: 'test-results/phone-call-history.png', fullPage: true });
  });
});
