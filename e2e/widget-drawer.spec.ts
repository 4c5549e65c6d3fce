import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { VIDEO_MAIL_MESSAGE_MAX } from '@seguridad/contracts/constants';
import { validationMessages, widgetTexts } from '@seguridad/contracts/messages';
import {
  checkedViewports,
  expect,
  expectNoHorizontalScroll,
  expectNoSeriousAxeViolations,
  test,
  DEV_ADMIN,
} from './fixtures';

/*
 * The floating contact drawer on our own site, against the real built server: the contact form and
 * the video mail (recorded with Chromium's fake camera) end as mails in the company inbox.
 */

const COMPANY_INBOX = 'central@example.com';
/** The resumable video mail: the form first, then the video's tus requests (decision 029). */
const VIDEO_MAIL_START_ROUTE = '**/api/calls/videoMail/uploads';
const VIDEO_MAIL_BYTES_ROUTE = '**/api/calls/videoMail/uploads/*';

type OutboxItem = { channel: string; recipient: string; subject: string; text: string };

async function inbox(request: APIRequestContext): Promise<OutboxItem[]> {
  const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(COMPANY_INBOX)}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: OutboxItem[] }).data;
}

function uniqueName(tag: string): string {
  return `${tag} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

async function setVideoMailService(request: APIRequestContext, on: boolean): Promise<void> {
  const login = await request.post('/api/v1/auth/login', { data: DEV_ADMIN });
  expect(login.status()).toBe(200);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const response = await request.patch('/api/v1/operator/company', {
    data: { video_mail: on },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
}

function launcher(page: Page): Locator {
  return page.getByRole('button', { name: 'Contáctanos' });
}

function drawer(page: Page): Locator {
  return page.getByRole('dialog');
}

/**
 * Opens the drawer from the landing page and, the first time on a page, waits until it knows which
 * services are on (later openings within a minute use what it already knows).
 */
async function openDrawer(page: Page, { firstTime = true } = {}): Promise<Locator> {
  const status = firstTime
    ? page.waitForResponse((response) => response.url().includes('/api/company/serviceStatus'))
    : undefined;
  await launcher(page).click();
  await expect(drawer(page)).toBeVisible();
  if (status) expect((await status).status()).toBe(200);
  return drawer(page);
}

async function openPanel(
  page: Page,
  name: 'Contacto' | 'Video Mail',
  options?: { firstTime?: boolean },
): Promise<Locator> {
  const dialog = await openDrawer(page, options);
  await dialog.getByRole('button', { name }).click();
  await expect(page.getByRole('dialog', { name })).toBeVisible();
  return page.getByRole('dialog', { name });
}

/** Records about two seconds with the fake camera and waits for the playback. */
async function recordVideo(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Grabar nuevo video' }).click();
  await expect(dialog.getByLabel('Vista previa de tu cámara')).toBeVisible();
  await dialog.getByRole('button', { name: 'Comenzar grabación' }).click();
  await expect(dialog.getByRole('timer')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Detener grabación' })).toBeFocused();
  await expect(dialog.getByRole('timer')).toContainText(/^0:0[2-9]/);
  await dialog.getByRole('button', { name: 'Detener grabación' }).click();
  await expect(dialog.getByLabel('Tu video grabado')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Grabar otra vez' })).toBeVisible();
}

async function fillVideoMailForm(dialog: Locator, name: string): Promise<void> {
  await dialog.getByRole('textbox', { name: 'Correo electrónico' }).fill('vecina@example.com');
  await dialog.getByRole('textbox', { name: 'Nombre' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Teléfono' }).fill('912345678');
  await dialog.getByRole('textbox', { name: 'Mensaje' }).fill('Hay un poste de luz apagado en mi pasaje.');
}

test.describe('the contact drawer', () => {
  test('opens from the landing page with its entries, and loads only on demand', async ({ page }) => {
    const drawerScripts: string[] = [];
    page.on('request', (request) => {
      if (/site-drawer-.*\.js$/.test(request.url())) drawerScripts.push(request.url());
    });
    await page.goto('/');
    await expect(launcher(page)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(drawerScripts).toEqual([]);

    const dialog = await openDrawer(page);
    expect(drawerScripts).toHaveLength(1);
    await expect(dialog).toHaveAccessibleName('Contáctanos');
    await expect(dialog.getByRole('button', { name: 'Video Mail' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Contacto' })).toBeVisible();
    // The seeded company has the video call on and is always within hours.
    await expect(dialog.getByRole('button', { name: 'Videollamada' })).toBeVisible();
    await expect(dialog).toBeFocused();
  });

  test('Escape closes it and focus returns to the launcher; the back arrow returns to the entries', async ({
    page,
  }) => {
    await page.goto('/');
    const dialog = await openPanel(page, 'Contacto');
    await dialog.getByRole('button', { name: 'Volver' }).click();
    await expect(drawer(page)).toHaveAccessibleName('Contáctanos');
    await expect(drawer(page).getByRole('button', { name: 'Contacto' })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(drawer(page)).toBeHidden();
    await expect(launcher(page)).toBeFocused();

    // Keyboard only: Enter opens it again, and Escape from inside a panel closes it too.
    await page.keyboard.press('Enter');
    await expect(drawer(page)).toBeVisible();
    await drawer(page).getByRole('button', { name: 'Contacto' }).click();
    await page.keyboard.press('Escape');
    await expect(drawer(page)).toBeHidden();
    await expect(launcher(page)).toBeFocused();
  });

  test('keeps focus inside an open panel', async ({ page }) => {
    await page.goto('/');
    const dialog = await openPanel(page, 'Contacto');
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    for (let press = 0; press < 12; press++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    for (let press = 0; press < 12; press++) {
      await page.keyboard.press('Shift+Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
  });

  test('scrolling the page closes the list, but not an open panel', async ({ page }) => {
    await page.goto('/');
    await openDrawer(page);
    await page.evaluate(() => window.scrollBy({ top: 400, behavior: 'instant' }));
    await expect(drawer(page)).toBeHidden();
    await expect(launcher(page)).toBeFocused();

    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    const dialog = await openPanel(page, 'Contacto', { firstTime: false });
    // Resolves once the page has handled the scroll, so the drawer had its chance to close.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          window.addEventListener('scroll', () => requestAnimationFrame(() => resolve()), { once: true });
          window.scrollBy({ top: 400, behavior: 'instant' });
        }),
    );
    await expect(dialog).toBeVisible();
  });

  test('hides Video Mail when the company turns the service off', async ({ page, request }) => {
    await setVideoMailService(request, false);
    try {
      await page.goto('/');
      const dialog = await openDrawer(page);
      await expect(dialog.getByRole('button', { name: 'Contacto' })).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Video Mail' })).toHaveCount(0);
    } finally {
      await setVideoMailService(request, true);
    }
  });
});

test.describe('the contact form', () => {
  test('is sendable only when complete, explains its errors, sends and closes', async ({ page, request }) => {
    await page.goto('/');
    const dialog = await openPanel(page, 'Contacto');
    const send = dialog.getByRole('button', { name: 'Enviar' });
    const name = dialog.getByRole('textbox', { name: 'Nombre' });
    const email = dialog.getByRole('textbox', { name: 'Correo electrónico' });
    const phone = dialog.getByRole('textbox', { name: 'Teléfono celular' });
    const message = dialog.getByRole('textbox', { name: 'Mensaje' });

    await expect(phone).toHaveValue('+569');
    await expect(send).toBeDisabled();

    // Touched and left empty: the messages of spec §5.
    await name.focus();
    await email.focus();
    await message.focus();
    await name.focus();
    await expect(dialog.getByText(validationMessages.requiredText)).toHaveCount(2);
    await expect(dialog.getByText(validationMessages.widgetEmailRequired)).toBeVisible();

    const sender = uniqueName('Contacto');
    await name.fill(sender);
    await email.fill('vecino@');
    await message.fill('Quiero saber cómo sumar a mi junta de vecinos a la red de seguridad.');
    await expect(dialog.getByText(validationMessages.widgetEmailInvalid)).toBeVisible();
    // Everything but the phone: still not sendable (spec §5, the phone is more than +569).
    await expect(send).toBeDisabled();

    await phone.click();
    await page.keyboard.press('End');
    await page.keyboard.type('1234');
    await expect(phone).toHaveValue('+5691234');
    await expect(send).toBeEnabled();
    await send.click();
    await expect(dialog.getByText(widgetTexts.contactPhoneInvalid)).toBeVisible();
    await expect(dialog.getByText(validationMessages.widgetEmailInvalid)).toBeVisible();

    // Erasing the prefix is not possible; pasting a full number does not double it.
    await phone.fill('+56 9 8765 4321');
    await expect(phone).toHaveValue('+56987654321');
    await email.fill('vecino@example.com');
    await expect(dialog.getByText(widgetTexts.contactPhoneInvalid)).toHaveCount(0);

    const sentAt = Date.now();
    await send.click();
    await expect(page.getByText(widgetTexts.contactSent)).toBeVisible();
    await expect(drawer(page)).toBeHidden({ timeout: 6_000 });
    const shownFor = Date.now() - sentAt;
    expect(shownFor).toBeGreaterThan(2_500);
    await expect(launcher(page)).toBeFocused();

    await expect
      .poll(async () => (await inbox(request)).some((mail) => mail.subject.includes(sender)))
      .toBe(true);
    const mail = (await inbox(request)).find((item) => item.subject.includes(sender))!;
    expect(mail.text).toContain('+56987654321');
    expect(mail.text).toContain('junta de vecinos');

    // Reopened, the form is empty again.
    await launcher(page).click();
    await drawer(page).getByRole('button', { name: 'Contacto' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Contacto' }).getByRole('textbox', { name: 'Nombre' }),
    ).toHaveValue('');
  });
});

test.describe('the video mail', () => {
  test('records with the camera, shows the upload progress, sends and closes', async ({ page, request }) => {
    await page.goto('/');
    const dialog = await openPanel(page, 'Video Mail');
    await recordVideo(dialog);

    const send = dialog.getByRole('button', { name: 'Enviar video' });
    await expect(dialog.getByRole('textbox', { name: 'Teléfono' })).toHaveValue('+56');
    await expect(dialog.getByText(`0/${VIDEO_MAIL_MESSAGE_MAX}`)).toBeVisible();
    await expect(send).toBeDisabled();
    const sender = uniqueName('Videomail');
    await fillVideoMailForm(dialog, sender);
    await expect(dialog.getByText(`41/${VIDEO_MAIL_MESSAGE_MAX}`)).toBeVisible();
    await expect(send).toBeEnabled();

    // Hold the upload a moment so the progress bar can be seen.
    let uploadedBytes = 0;
    await page.route(VIDEO_MAIL_BYTES_ROUTE, async (route) => {
      if (route.request().method() === 'PATCH') {
        uploadedBytes += route.request().postDataBuffer()?.length ?? 0;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
      await route.continue();
    });
    await send.click();
    await expect(dialog.getByRole('progressbar')).toBeVisible();
    await expect(dialog.getByText(/Enviando video… \d+ %/)).toBeVisible();
    await expect(page.getByText(widgetTexts.videoMailSent)).toBeVisible({ timeout: 10_000 });
    expect(uploadedBytes).toBeGreaterThan(10_000);
    await page.unroute(VIDEO_MAIL_BYTES_ROUTE);

    await expect(drawer(page)).toBeHidden({ timeout: 8_000 });
    await expect(launcher(page)).toBeFocused();
    await expect
      .poll(async () => (await inbox(request)).some((mail) => mail.subject.includes(sender)))
      .toBe(true);
    const mail = (await inbox(request)).find((item) => item.subject.includes(sender))!;
    expect(mail.text).toContain('+56912345678');
    expect(mail.text).toContain('poste de luz');
    expect(mail.subject).not.toContain('no pudo hacer videollamada');
  });

  test('keeps the recording and the form when the upload fails, and sends it again', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    const dialog = await openPanel(page, 'Video Mail');
    await recordVideo(dialog);
    const sender = uniqueName('Reintento');
    await fillVideoMailForm(dialog, sender);

    await page.route(VIDEO_MAIL_START_ROUTE, (route) => route.abort(), { times: 1 });
    await dialog.getByRole('button', { name: 'Enviar video' }).click();
    await expect(dialog.getByText(widgetTexts.uploadFailed)).toBeVisible();
    await expect(dialog.getByLabel('Tu video grabado')).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Nombre' })).toHaveValue(sender);
    await expect(dialog.getByRole('textbox', { name: 'Mensaje' })).toHaveValue(
      'Hay un poste de luz apagado en mi pasaje.',
    );
    await page.unroute(VIDEO_MAIL_START_ROUTE);

    await dialog.getByRole('button', { name: 'Enviar nuevamente' }).click();
    await expect(page.getByText(widgetTexts.videoMailSent)).toBeVisible({ timeout: 10_000 });
    await expect
      .poll(async () => (await inbox(request)).some((mail) => mail.subject.includes(sender)))
      .toBe(true);
  });

  test('closing the drawer turns the camera off and keeps what was recorded', async ({ page }) => {
    // Keep every stream the page opens, to check that all its tracks end.
    await page.addInitScript(() => {
      const streams: MediaStream[] = [];
      (window as unknown as { __streams: MediaStream[] }).__streams = streams;
      const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
      navigator.mediaDevices.getUserMedia = async (constraints) => {
        const stream = await original(constraints);
        streams.push(stream);
        return stream;
      };
    });
    const liveTracks = () =>
      page.evaluate(() =>
        (window as unknown as { __streams: MediaStream[] }).__streams
          .flatMap((stream) => stream.getTracks())
          .filter((track) => track.readyState === 'live')
          .map((track) => track.kind),
      );
    await page.goto('/');
    const dialog = await openPanel(page, 'Video Mail');
    await dialog.getByRole('button', { name: 'Grabar nuevo video' }).click();
    await dialog.getByRole('button', { name: 'Comenzar grabación' }).click();
    await expect(dialog.getByRole('timer')).toContainText(/^0:0[1-9]/);
    expect((await liveTracks()).sort()).toEqual(['audio', 'video']);
    await page.keyboard.press('Escape');
    await expect(drawer(page)).toBeHidden();
    await expect.poll(liveTracks).toEqual([]);

    await launcher(page).click();
    await drawer(page).getByRole('button', { name: 'Video Mail' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Video Mail' }).getByLabel('Tu video grabado'),
    ).toBeVisible();
  });
});

for (const viewport of checkedViewports) {
  test.describe(`the drawer at ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('has no serious accessibility problems open, in each panel, and no sideways scroll', async ({
      page,
    }) => {
      const consoleErrors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      page.on('pageerror', (error) => consoleErrors.push(error.message));

      await page.goto('/');
      const dialog = await openDrawer(page);
      await expect(dialog.getByRole('button', { name: 'Video Mail' })).toBeVisible();
      const box = await dialog.boundingBox();
      expect(Math.round(box?.width ?? 0)).toBe(viewport.width < 768 ? 260 : 320);
      await expectNoSeriousAxeViolations(page);
      await expectNoHorizontalScroll(page);

      await dialog.getByRole('button', { name: 'Contacto' }).click();
      const contact = page.getByRole('dialog', { name: 'Contacto' });
      await expect(contact.getByRole('textbox', { name: 'Nombre' })).toBeVisible();
      expect(Math.round((await contact.boundingBox())?.width ?? 0)).toBe(Math.min(viewport.width, 1200));
      await contact.getByRole('textbox', { name: 'Nombre' }).focus();
      await contact.getByRole('textbox', { name: 'Correo electrónico' }).focus();
      await expect(contact.getByText(validationMessages.requiredText)).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await expectNoHorizontalScroll(page);

      await contact.getByRole('button', { name: 'Volver' }).click();
      await drawer(page).getByRole('button', { name: 'Video Mail' }).click();
      const videoMail = page.getByRole('dialog', { name: 'Video Mail' });
      await expect(videoMail.getByRole('button', { name: 'Grabar nuevo video' })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await expectNoHorizontalScroll(page);

      await recordVideo(videoMail);
      await expectNoSeriousAxeViolations(page);
      await expectNoHorizontalScroll(page);
      expect(consoleErrors).toEqual([]);
    });
  });
}
