import { availabilityTexts } from '@seguridad/contracts/messages/availability';
import type { Page } from '@playwright/test';
import { callbackTexts, widgetTexts } from '@seguridad/contracts/messages';
import { checkedViewports, expectNoHorizontalScroll, expectNoSeriousAxeViolations } from './fixtures';
import { expect } from './fixtures';
import { openCallPanel, test } from './call-journeys';

/** From the drawer's Llamada panel, the citizen chooses to be called. */
async function openCallbackForm(citizen: Page) {
  await citizen.goto('/');
  await citizen.getByRole('button', { name: 'Contáctanos' }).click();
  await citizen
    .getByRole('dialog')
    .getByRole('button', { name: /^Llamada Habla/ })
    .click();
  await citizen
    .getByRole('dialog', { name: 'Llamada' })
    .getByRole('button', { name: callbackTexts.request })
    .click();
  return citizen.getByRole('dialog', { name: callbackTexts.request });
}

test.describe('callback', () => {
  test.setTimeout(90_000);

  test('a callback request reaches the operators live, is marked done with a note, and stays in the history', async ({
    operator,
    page: citizen,
  }) => {
    const form = await openCallbackForm(citizen);
    const phone = form.getByLabel(callbackTexts.phoneLabel);
    await expect(phone).toHaveValue('+569');
    await expect(form.getByLabel(callbackTexts.timeLabel)).toHaveValue('asap');
    await expectNoSeriousAxeViolations(citizen);
    for (const viewport of checkedViewports) {
      await citizen.setViewportSize(viewport);
      await expectNoHorizontalScroll(citizen);
      await citizen.screenshot({ path: `test-results/callback-form-${viewport.width}.png` });
    }
    await citizen.setViewportSize({ width: 1280, height: 800 });

    // Too short a number: the contact form's message, and nothing is sent.
    await phone.fill('+5691234');
    await form.getByRole('button', { name: callbackTexts.request }).click();
    await expect(form.getByText(widgetTexts.contactPhoneInvalid)).toBeVisible();

    await phone.fill('+56987654321');
    await form.getByRole('button', { name: callbackTexts.request }).click();
    await expect(citizen.getByText(callbackTexts.sent)).toBeVisible();

    const queue = operator.page.getByRole('region', { name: /^Solicitudes de llamada/ });
    const request = queue.getByRole('article', { name: '+56 9 8765 4321' });
    await expect(request).toBeVisible();
    await expect(request.getByText(callbackTexts.asap)).toBeVisible();
    await operator.page.screenshot({ path: 'test-results/callback-console-queue.png' });
    await request.getByLabel(callbackTexts.noteLabel).fill('Llamé a las 10; pidió <b>patrullaje</b>.');
    await request.getByRole('button', { name: callbackTexts.markDone }).click();
    await expect(request).toHaveCount(0);

    await operator.page.getByRole('tab', { name: /Solicitudes de llamada/ }).click();
    const history = operator.page.getByRole('tabpanel');
    await history.getByRole('radio', { name: /Todos/ }).check();
    const done = history.getByRole('article', { name: '+56 9 8765 4321' });
    await expect(done.getByText(callbackTexts.done, { exact: true })).toBeVisible();
    // The note is shown as text, markup and all.
    await expect(done.getByText('Llamé a las 10; pidió <b>patrullaje</b>.', { exact: false })).toBeVisible();
    await expectNoSeriousAxeViolations(operator.page);
  });

  test('a caller waiting for a video call leaves a number instead, and the call leaves the queue', async ({
    operator,
    page: citizen,
  }) => {
    const panel = await openCallPanel(citizen);
    await panel.getByRole('button', { name: 'Llamar' }).click();
    const callView = citizen.getByRole('region', { name: 'Videollamada en curso' });
    await expect(callView.getByText(callbackTexts.instead)).toBeVisible();
    // The queue's own button (an offer to this operator would show another, above the tabs).
    const queue = operator.page.getByRole('region', { name: /^Llamadas en espera/ });
    await expect(queue.getByRole('button', { name: /Aceptar/ })).toHaveCount(1);
    await callView.getByRole('button', { name: callbackTexts.request }).click();

    const form = citizen.getByRole('dialog', { name: callbackTexts.request });
    await form.getByLabel(callbackTexts.phoneLabel).fill('+56911223344');
    await form.getByRole('button', { name: callbackTexts.request }).click();
    await expect(citizen.getByText(callbackTexts.sent)).toBeVisible();
    await expect(operator.page.getByRole('button', { name: /Aceptar/ })).toHaveCount(0);
    await expect(operator.page.getByRole('region', { name: availabilityTexts.offeredToYou })).toHaveCount(0);
    await expect(operator.page.getByRole('article', { name: '+56 9 1122 3344' })).toBeVisible();
  });
});
