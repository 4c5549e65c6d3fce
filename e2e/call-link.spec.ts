import { callLinkTexts } from '@seguridad/contracts/messages/call-links';
import { DEV_ADMIN, expect } from './fixtures';
import { expectPlaying, test } from './call-journeys';
import { staffToken } from './support/accounts';

const PHONE = '+56987654321';

test.describe('call link by SMS', () => {
  test.setTimeout(90_000);

  test('the operator texts a link; the citizen taps it on a phone and is in a video call; used, it says so', async ({
    browser,
    operator,
    server,
  }) => {
    const desk = operator.page;
    const sender = desk.getByRole('region', { name: callLinkTexts.title });
    await sender.getByRole('textbox', { name: callLinkTexts.phone }).fill('9 8765 43');
    await sender.getByRole('button', { name: callLinkTexts.send }).click();
    await expect(sender.getByText(callLinkTexts.phoneInvalid)).toBeVisible();
    await sender.getByRole('textbox', { name: callLinkTexts.phone }).fill('+56 9 8765 4321');
    await sender.getByRole('radio', { name: 'SMS' }).check();
    await sender.getByRole('button', { name: callLinkTexts.send }).click();
    await expect(sender.getByText(callLinkTexts.sent)).toBeVisible();
    const sentLink = sender.getByRole('list', { name: callLinkTexts.recent }).getByRole('listitem').first();
    await expect(sentLink).toContainText('+56 9 8765 4321');
    await expect(sentLink).toContainText(callLinkTexts.states.sent);
    await sender.screenshot({ path: 'test-results/call-link-sender.png' });

    // The SMS, as the outbox of this server keeps it.
    const outbox = await desk.request.get(`${server.baseURL}/api/dev/outbox?to=${encodeURIComponent(PHONE)}`);
    const text = JSON.stringify(await outbox.json());
    const link = /https?:\/\/[^\s"]+\?privatevideo=[A-Za-z0-9_-]+/.exec(text)?.[0];
    expect(link, text).toBeTruthy();

    // The citizen taps it on a phone: no sign-in, no install, straight into the call.
    const phone = await browser.newContext({
      viewport: { width: 360, height: 740 },
      hasTouch: true,
      isMobile: true,
    });
    try {
      const citizen = await phone.newPage();
      await citizen.goto(link!);
      await expect(sentLink).toContainText(callLinkTexts.states.opened, { timeout: 15_000 });
      await desk
        .getByRole('listitem')
        .filter({ hasText: /privada/i })
        .first()
        .getByRole('button', { name: /Entrar/ })
        .click();
      const callView = citizen.getByRole('region', { name: 'Videollamada en curso' });
      await expectPlaying(callView.getByLabel('Video de la operadora'));
      const consoleCall = desk.getByRole('region', { name: /^Sala privada/ });
      await expectPlaying(consoleCall.getByLabel('Video del ciudadano'));
      await citizen.screenshot({ path: 'test-results/call-link-360.png' });

      const token = await staffToken(server.baseURL, DEV_ADMIN);
      const state = async () => {
        const answer = await desk.request.get(`${server.baseURL}/api/v1/operator/call-links`, {
          headers: { authorization: `Bearer ${token}` },
        });
        return ((await answer.json()) as { links: { phone: string; state: string }[] }).links.find(
          (item) => item.phone === PHONE,
        )?.state;
      };
      await expect.poll(state).toBe('in_call');

      await consoleCall.getByRole('button', { name: 'Terminar llamada' }).click();
      await expect(callView.getByRole('button', { name: 'Cerrar' })).toBeVisible();
      await expect.poll(state).toBe('ended');

      // The same link again: used, said in Spanish.
      const again = await phone.newPage();
      await again.goto(link!);
      await expect(again.getByText(callLinkTexts.used)).toBeVisible({ timeout: 15_000 });
    } finally {
      await phone.close();
    }
  });
});
