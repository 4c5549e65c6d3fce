import { callTexts } from '@seguridad/contracts/messages';
import { sendChat, test } from './call-journeys';
import { expect } from './fixtures';

/**
 * No call hangs (decision 037): a browser that cannot call is told so before anything is queued
 * and offered what works instead; a call whose media never connects ends for both sides with a
 * message, the console lists it as failed to connect, and the citizen's video mail keeps what they
 * typed.
 */

/** What WebKitGTK and Firefox with `media.peerconnection.enabled=false` look like to the page. */
const withoutWebRtc = () => {
  for (const name of ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCSessionDescription']) {
    Reflect.deleteProperty(window, name);
  }
};

/** A network that blocks every media path: relay only, and no relay to use (no TURN server). */
const withoutMediaPath = () => {
  const Native = window.RTCPeerConnection;
  class RelayOnly extends Native {
    constructor(config?: RTCConfiguration) {
      super({ ...config, iceServers: [], iceTransportPolicy: 'relay' });
    }
  }
  window.RTCPeerConnection = RelayOnly;
};

test.describe('calls that cannot happen', () => {
  // An operator's console and a citizen's page, each with its camera check.
  test.setTimeout(60_000);
  test('a browser without WebRTC is offered the video mail and the form, and is never offered Llamar', async ({
    page: citizen,
  }) => {
    await citizen.addInitScript(withoutWebRtc);
    const openVideoCall = async () => {
      await citizen.goto('/');
      await citizen.getByRole('button', { name: 'Contáctanos' }).click();
      await citizen.getByRole('dialog').getByRole('button', { name: 'Videollamada' }).click();
      const panel = citizen.getByRole('dialog', { name: 'Videollamada' });
      await expect(panel.getByText(callTexts.cannotCall)).toBeVisible();
      await expect(panel.getByRole('button', { name: 'Llamar' })).toHaveCount(0);
      return panel;
    };

    await (await openVideoCall()).getByRole('button', { name: callTexts.writeContactForm }).click();
    await expect(citizen.getByRole('dialog', { name: 'Contacto' })).toBeVisible();

    await (await openVideoCall()).getByRole('button', { name: callTexts.leaveVideoMail }).click();
    const videoMail = citizen.getByRole('dialog', { name: 'Video Mail' });
    await expect(videoMail.getByRole('alert').filter({ hasText: callTexts.cannotCall })).toBeVisible();
    await expect(videoMail.getByRole('button', { name: 'Grabar nuevo video' })).toBeVisible();
  });

  test('a call whose media never connects ends on both sides with a message and a video mail that keeps the chat', async ({
    page: citizen,
    operator,
  }) => {
    // The deadline is 20 s after both meet; recording and checks add a little.
    test.setTimeout(90_000);
    await citizen.addInitScript(withoutMediaPath);
    await citizen.goto('/');
    await citizen.getByRole('button', { name: 'Contáctanos' }).click();
    await citizen.getByRole('dialog').getByRole('button', { name: 'Videollamada' }).click();
    const panel = citizen.getByRole('dialog', { name: 'Videollamada' });
    await panel.getByRole('button', { name: 'Llamar' }).click();
    const callView = citizen.getByRole('region', { name: 'Videollamada en curso' });
    await expect(callView.getByText(callTexts.queuePosition(1))).toBeVisible();
    await operator.page
      .getByRole('listitem')
      .filter({ hasText: 'General' })
      .first()
      .getByRole('button', { name: /Aceptar/ })
      .click();
    const consoleCall = operator.page.getByRole('region', { name: /^Llamada ·/ });
    await expect(consoleCall).toBeVisible();
    const typed = `Me robaron la bicicleta en la esquina ${Date.now()}`;
    await sendChat(callView, typed);
    await expect(consoleCall.getByText(typed)).toBeVisible();

    // Both sides give up together, about 20 s after the operator joined.
    await expect(consoleCall.getByText(callTexts.noMediaOperator)).toBeVisible({ timeout: 35_000 });
    const videoMail = citizen.getByRole('dialog', { name: 'Video Mail' });
    await expect(videoMail.getByText(callTexts.noMediaCaller)).toBeVisible({ timeout: 10_000 });

    await consoleCall.getByRole('button', { name: 'Volver a la fila' }).click();
    const history = operator.page.getByRole('region', { name: 'Últimas llamadas' });
    await expect(history.getByRole('listitem').first()).toContainText('Sin conexión');

    // The video mail is derived and starts with what the citizen typed.
    await videoMail.getByRole('button', { name: 'Grabar nuevo video' }).click();
    await videoMail.getByRole('button', { name: 'Comenzar grabación' }).click();
    await expect(videoMail.getByRole('timer', { name: 'Tiempo de grabación' })).toContainText(/^0:0[1-9]/);
    await videoMail.getByRole('button', { name: 'Detener grabación' }).click();
    await expect(videoMail.getByRole('textbox', { name: 'Mensaje' })).toHaveValue(typed);
  });
});
