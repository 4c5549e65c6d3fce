import { callTexts, widgetTexts } from '@seguridad/contracts/messages';
import { webPaths } from '@seguridad/contracts/web-paths';
import { connectCall, expectPlaying, openCallPanel, operatorOnCalls, sendChat, test } from './call-journeys';
import { checkedViewports, expect, expectNoHorizontalScroll, expectNoSeriousAxeViolations } from './fixtures';

// A 1×1 PNG and a minimal PDF, as a citizen and an operator would attach them.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test.describe('live video call', () => {
  // Two browsers, real media and a camera check each: a call takes longer than a page.
  test.setTimeout(60_000);
  test('a citizen calls, the operator accepts, they talk, chat and share files, the citizen ends', async ({
    operator,
    page: citizen,
  }) => {
    await openCallPanel(citizen);
    const { callView, consoleCall } = await connectCall(citizen, operator);

    await sendChat(callView, 'Hola, hay un auto sospechoso en mi calle <b>ahora</b>');
    await expect(
      consoleCall.getByText('Hola, hay un auto sospechoso en mi calle <b>ahora</b>'),
    ).toBeVisible();
    await sendChat(consoleCall, '¿En qué dirección está?');
    await expect(callView.getByText('¿En qué dirección está?')).toBeVisible();
    // Text stays text: no element was made from the citizen's message.
    await expect(consoleCall.locator('b')).toHaveCount(0);

    await callView.getByLabel('Adjuntar archivo').setInputFiles({
      name: 'patente.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    const image = consoleCall.getByRole('img', { name: 'patente.png' });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(1);

    await consoleCall.getByLabel('Adjuntar archivo').setInputFiles({
      name: 'denuncia.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await expect(
      callView
        .getByRole('button', { name: /denuncia\.pdf/ })
        .or(callView.getByRole('link', { name: /denuncia\.pdf/ })),
    ).toBeVisible();

    await callView.getByRole('button', { name: 'Terminar Llamada' }).click();
    await expect(consoleCall.getByText(callTexts.ended)).toBeVisible();
    // The citizen is back home with the drawer closed and no call view left.
    await expect(callView).toBeHidden();
    await expect(citizen).toHaveURL(/\/$/);
  });

  test('when the operator ends a call without chat, the citizen sees the end and the drawer closes after 5 s', async ({
    operator,
    page: citizen,
  }) => {
    await openCallPanel(citizen);
    const { callView, consoleCall } = await connectCall(citizen, operator);
    await consoleCall.getByRole('button', { name: 'Terminar llamada' }).click();
    await expect(callView.getByText(callTexts.ended)).toBeVisible();
    const endedAt = Date.now();
    await expect(callView).toBeHidden({ timeout: 10_000 });
    expect(Date.now() - endedAt).toBeGreaterThan(3_500);
    await expect(citizen.getByRole('dialog', { name: 'Videollamada' })).toBeHidden();
  });

  test('when the operator ends a call after chatting, the citizen keeps the conversation on screen', async ({
    operator,
    page: citizen,
  }) => {
    // A controllable clock, so the check below can let time pass without waiting for it.
    await citizen.clock.install();
    await openCallPanel(citizen);
    const { callView, consoleCall } = await connectCall(citizen, operator);
    await sendChat(consoleCall, 'Enviamos una patrulla.');
    await expect(callView.getByText('Enviamos una patrulla.')).toBeVisible();
    await consoleCall.getByRole('button', { name: 'Terminar llamada' }).click();
    await expect(callView.getByText(callTexts.ended)).toBeVisible();
    await citizen.clock.runFor(6_000);
    await expect(callView.getByText('Enviamos una patrulla.')).toBeVisible();
    await callView.getByRole('button', { name: 'Cerrar' }).click();
    await expect(callView).toBeHidden();
  });

  test('with no operator online the call falls back to a derived video mail that says why', async ({
    browser,
    page: citizen,
    server,
  }) => {
    const panel = await openCallPanel(citizen);
    await panel.getByRole('button', { name: 'Llamar' }).click();
    const videoMail = citizen.getByRole('dialog', { name: 'Video Mail' });
    await expect(videoMail.getByText(callTexts.noOperators)).toBeVisible();
    await videoMail.getByRole('button', { name: 'Grabar nuevo video' }).click();
    await videoMail.getByRole('button', { name: 'Comenzar grabación' }).click();
    // Two seconds, not one: on a loaded machine the encoder may not have produced a frame after one.
    await expect(videoMail.getByRole('timer', { name: 'Tiempo de grabación' })).toContainText(/^0:0[2-9]/);
    await videoMail.getByRole('button', { name: 'Detener grabación' }).click();
    const name = `Vecino derivado ${Date.now()}`;
    await videoMail.getByRole('textbox', { name: 'Correo electrónico' }).fill('derivado@example.com');
    await videoMail.getByRole('textbox', { name: 'Nombre' }).fill(name);
    await videoMail.getByRole('textbox', { name: 'Teléfono' }).fill('912345678');
    await videoMail.getByRole('textbox', { name: 'Mensaje' }).fill('Nadie contestó la videollamada.');
    await videoMail.getByRole('button', { name: 'Enviar video' }).click();
    await expect(citizen.getByText(widgetTexts.videoMailSent)).toBeVisible();

    const operator = await operatorOnCalls(browser, server.baseURL);
    try {
      await operator.page.goto(`${webPaths.operator}?vista=video-mails`);
      const card = operator.page.getByRole('article', { name });
      await expect(card.getByText('Derivado de videollamada')).toBeVisible();
    } finally {
      await operator.context.close();
    }
  });

  test('autovideo opens the call panel after a second, ShareLink resets the speciality', async ({
    page: citizen,
  }) => {
    await citizen.goto('/?autovideo=1');
    const panel = citizen.getByRole('dialog', { name: 'Videollamada' });
    await expect(panel).toBeVisible({ timeout: 5_000 });
    await expect(panel.getByRole('button', { name: 'Llamar' })).toBeVisible();
    // Accented names arrive as JSON escapes and read as written.
    await expect(panel.getByRole('option', { name: 'Orientación Legal' })).toBeAttached();

    await citizen.goto('/?ShareLink=1');
    const shared = citizen.getByRole('dialog', { name: 'Videollamada' });
    await expect(shared).toBeVisible({ timeout: 5_000 });
    await expect(shared.getByLabel('Especialidad')).toHaveValue(/.*/);
    await expect(shared.getByLabel('Especialidad').locator('option:checked')).toHaveText('General');
  });

  test('a private room link made by the operator brings the citizen straight into that call', async ({
    operator,
    page: citizen,
  }) => {
    await operator.page.getByRole('button', { name: 'Crear sala privada' }).click();
    const link = await operator.page.getByRole('textbox', { name: /Enlace/ }).inputValue();
    expect(link).toMatch(/\?privatevideo=[A-Za-z0-9_-]{16,}$/);
    const privateRoom = operator.page
      .getByRole('listitem')
      .filter({ hasText: /privada/i })
      .first();
    await privateRoom.getByRole('button', { name: /Entrar/ }).click();
    const consoleCall = operator.page.getByRole('region', { name: /^(Llamada ·|Sala privada)/ });
    await expect(consoleCall).toBeVisible();

    await citizen.goto(new URL(link).pathname + new URL(link).search);
    const callView = citizen.getByRole('region', { name: 'Videollamada en curso' });
    await expect(callView).toBeVisible({ timeout: 10_000 });
    await expectPlaying(callView.getByLabel('Video de la operadora'));
    await expectPlaying(consoleCall.getByLabel('Video del ciudadano'));

    // A made-up room is refused with a sentence, not joined.
    const other = await citizen.context().newPage();
    await other.goto('/?privatevideo=AAAAAAAAAAAAAAAAAAAAAAAA');
    await expect(other.getByText(callTexts.privateRoomInvalid)).toBeVisible({ timeout: 10_000 });
    await other.close();
  });

  test('a network cut mid-call keeps the call and loses no chat message', async ({
    operator,
    page: citizen,
  }) => {
    await openCallPanel(citizen);
    const { callView, consoleCall } = await connectCall(citizen, operator);
    await sendChat(callView, 'Antes del corte');
    await expect(consoleCall.getByText('Antes del corte')).toBeVisible();

    await citizen.context().setOffline(true);
    await expect(callView.getByText(callTexts.reconnecting)).toBeVisible({ timeout: 15_000 });
    await sendChat(callView, 'Escrito sin conexión');
    await sendChat(consoleCall, 'Enviado mientras estabas sin conexión');
    await expect(callView.getByText('Escrito sin conexión')).toBeVisible();
    await expect(consoleCall.getByText('Enviado mientras estabas sin conexión')).toBeVisible();
    await citizen.context().setOffline(false);

    await expect(callView.getByText(callTexts.reconnecting)).toBeHidden({ timeout: 20_000 });
    await expect(callView.getByText('Enviado mientras estabas sin conexión')).toHaveCount(1);
    await expect(consoleCall.getByText('Escrito sin conexión')).toHaveCount(1);
    await expect(callView.getByText('Antes del corte')).toHaveCount(1);
    await expectPlaying(callView.getByLabel('Video de la operadora'));
    await expectPlaying(consoleCall.getByLabel('Video del ciudadano'));
  });
});

for (const viewport of checkedViewports) {
  test.describe(`the call at ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    // Two browser contexts, a live call and axe run in three states: close to a minute on a slow
    // shared 2-core machine, so the bound leaves room for one.
    test.setTimeout(120_000);

    test('the panel, the waiting and the connected call have no serious accessibility problems', async ({
      browser,
      page: citizen,
      server,
    }) => {
      const operator = await operatorOnCalls(browser, server.baseURL);
      try {
        await operator.page.setViewportSize({ width: viewport.width, height: viewport.height });
        await openCallPanel(citizen);
        await expectNoSeriousAxeViolations(citizen);
        await expectNoHorizontalScroll(citizen);

        await citizen
          .getByRole('dialog', { name: 'Videollamada' })
          .getByRole('button', { name: 'Llamar' })
          .click();
        const callView = citizen.getByRole('region', { name: 'Videollamada en curso' });
        await expect(callView.getByText(callTexts.queuePosition(1))).toBeVisible();
        await expectNoSeriousAxeViolations(citizen);
        await expectNoHorizontalScroll(citizen);
        await expectNoSeriousAxeViolations(operator.page);
        await expectNoHorizontalScroll(operator.page);

        await operator.page
          .getByRole('listitem')
          .filter({ hasText: 'General' })
          .first()
          .getByRole('button', { name: /Aceptar/ })
          .click();
        await expectPlaying(callView.getByLabel('Video de la operadora'));
        await sendChat(callView, 'Hola');
        await expectNoSeriousAxeViolations(citizen);
        await expectNoHorizontalScroll(citizen);
        await expectNoSeriousAxeViolations(operator.page);
        await expectNoHorizontalScroll(operator.page);
        await callView.getByRole('button', { name: 'Terminar Llamada' }).click();
      } finally {
        await operator.context.close();
      }
    });
  });
}
