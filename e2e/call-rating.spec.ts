import { callTexts, ratingTexts } from '@seguridad/contracts/messages';
import { availabilityTexts } from '@seguridad/contracts/messages/availability';
import { connectCall, openCallPanel, test } from './call-journeys';
import { expect } from './fixtures';

test.describe('rating a call (decision 044)', () => {
  test.setTimeout(60_000);
  test('the citizen rates the call the operator ended, the console shows the stars, and a second rating is refused', async ({
    operator,
    page: citizen,
  }) => {
    // A controllable clock, so the journey can let the 5 s auto-close pass without waiting for it.
    await citizen.clock.install();
    await openCallPanel(citizen);
    const { callView, consoleCall } = await connectCall(citizen, operator);
    await consoleCall.getByRole('button', { name: 'Terminar llamada' }).click();
    await expect(callView.getByText(callTexts.ended)).toBeVisible();

    const form = callView.getByRole('form', { name: ratingTexts.question });
    const stars = form.getByRole('group', { name: ratingTexts.question });
    // By keyboard: focus the first star and move to the fourth.
    await stars.getByRole('radio', { name: '1 estrella' }).focus();
    await citizen.keyboard.press('Space');
    for (let step = 0; step < 3; step += 1) await citizen.keyboard.press('ArrowRight');
    await expect(stars.getByRole('radio', { name: '4 estrellas' })).toBeChecked();
    await form.getByLabel(ratingTexts.commentLabel).fill('Muy clara <b>y rápida</b>');
    await expect(form.getByText(ratingTexts.commentCount(25, 500))).toBeVisible();

    // The person is rating: the view does not close by itself under them.
    await citizen.clock.runFor(6_000);
    await expect(form).toBeVisible();

    const sent = citizen.waitForRequest((request) => request.url().endsWith('/rating'));
    await form.getByRole('button', { name: ratingTexts.send }).click();
    await expect(callView.getByText(ratingTexts.thanks)).toBeVisible();
    await expect(form).toBeHidden();

    // The same caller token cannot rate the call again.
    const headers = await (await sent).allHeaders();
    const again = await citizen.request.post((await sent).url(), {
      headers: { 'company-key': headers['company-key']!, 'call-token': headers['call-token']! },
      data: { stars: 1 },
    });
    expect(again.status()).toBe(409);
    expect((await again.json()).message).toBe(ratingTexts.alreadyRated);

    await callView.getByRole('button', { name: 'Cerrar' }).click();
    await expect(callView).toBeHidden();

    // The console: the call shows its stars, the summary the comment, as text.
    await operator.page.reload();
    const history = operator.page.getByRole('region', { name: 'Últimas llamadas' });
    await expect(history.getByRole('listitem').filter({ hasText: 'Atendida' }).first()).toContainText(
      ratingTexts.consoleStars(4),
    );
    const summary = operator.page.getByRole('region', { name: ratingTexts.consoleTitle });
    await expect(summary.getByText('Muy clara <b>y rápida</b>')).toBeVisible();
    await expect(summary.locator('b')).toHaveCount(0);
  });

  test('the citizen who hangs up an answered call is asked on the page it returns to, and may skip', async ({
    operator,
    page: citizen,
  }) => {
    await openCallPanel(citizen);
    const { callView, consoleCall } = await connectCall(citizen, operator);
    await callView.getByRole('button', { name: callTexts.endCall }).click();
    // Spec §4: Terminar Llamada returns to Home with the drawer closed; the question waits there.
    await expect(citizen).toHaveURL(/\/$/);
    await expect(callView).toBeHidden();
    const prompt = citizen.getByRole('region', { name: ratingTexts.question });
    await expect(prompt).toBeVisible();
    for (const width of [360, 1280]) {
      await citizen.setViewportSize({ width, height: 800 });
      await citizen.screenshot({ path: `test-results/rating-prompt-${width}.png` });
    }
    await prompt.getByRole('radio', { name: '2 estrellas' }).check();
    const sent = citizen.waitForResponse((response) => response.url().endsWith('/rating'));
    await prompt.getByRole('button', { name: ratingTexts.send }).click();
    expect((await sent).status()).toBe(200);
    await expect(prompt.getByText(ratingTexts.thanks)).toBeVisible();
    // The thanks goes by itself.
    await expect(prompt).toBeHidden({ timeout: 6_000 });

    // A second answered call, hung up and skipped: nothing is sent and the card goes.
    // The operator is still on the first call's end: the new call offered to them is said there.
    await openCallPanel(citizen);
    await citizen
      .getByRole('dialog', { name: 'Videollamada' })
      .getByRole('button', { name: 'Llamar' })
      .click();
    await expect(consoleCall.getByText(availabilityTexts.offeredAfterCall)).toBeVisible();
    await consoleCall.getByRole('button', { name: 'Volver a la fila' }).click();
    await operator.page
      .getByRole('listitem')
      .filter({ hasText: availabilityTexts.offeredToYou })
      .getByRole('button', { name: /Aceptar/ })
      .click();
    const second = { callView: citizen.getByRole('region', { name: 'Videollamada en curso' }) };
    await expect(second.callView.getByText(callTexts.connected)).toBeVisible({ timeout: 15_000 });
    await second.callView.getByRole('button', { name: callTexts.endCall }).click();
    const again = citizen.getByRole('region', { name: ratingTexts.question });
    await again.getByRole('button', { name: ratingTexts.skip }).click();
    await expect(again).toBeHidden();
  });
});
