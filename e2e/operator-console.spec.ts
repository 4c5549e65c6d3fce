import { DEMO_COMPANY_KEY } from '@seguridad/contracts/constants';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { webPaths } from '@seguridad/contracts/web-paths';
import { auditTexts } from '@seguridad/contracts/messages';
import {
  checkedViewports,
  expect,
  expectNoHorizontalScroll,
  expectNoSeriousAxeViolations,
  test,
  DEV_ADMIN,
} from './fixtures';

/*
 * The operator console (/operador) against the real built server: the seeded company admin signs in,
 * citizens' video mails and contact messages are posted through the public company API while the
 * console is open, and every settings change is checked through the API the widget reads.
 */

/** The development accounts and company key the server seeds outside production. */
const ADMIN = DEV_ADMIN;
const companyHeaders = { 'company-key': DEMO_COMPANY_KEY };

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** A real MediaRecorder recording (no duration in its header: the server writes it). */
const recording = readFileSync(
  path.join(repoRoot, 'apps/server/src/integrations/storage/__fixtures__/chrome-recording.webm'),
);
/** A 1×1 PNG: enough for the server, which checks the image's first bytes. */
const thumbnail = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const ALWAYS_OPEN = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '00:00', close: '24:00' }));
const WEEKDAY_NAMES = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'];

function uniqueName(first: string): string {
  return `${first} ${Math.random().toString(36).slice(2, 8)}`;
}

async function tokenFor(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/v1/auth/login', { data: { email, password } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Opens the console with a stored session, as if the person had signed in before. */
async function openConsole(page: Page, token: string, query = ''): Promise<void> {
  await page.addInitScript((stored) => window.localStorage.setItem('session-token', stored), token);
  await page.goto(`${webPaths.operator}${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Consola de operadores' })).toBeVisible();
  // Live: the socket has joined the company's operator room, so nothing posted from now on is missed.
  await expect(page.getByRole('status').filter({ hasText: 'En vivo' })).toBeVisible();
}

async function postContact(request: APIRequestContext, name: string, message = 'Necesito orientación.') {
  const response = await request.post('/api/attention/contact', {
    headers: companyHeaders,
    data: { name, email: 'vecina@example.com', phone_number: '+56912345678', message },
  });
  expect(response.status()).toBe(200);
}

async function postVideoMail(request: APIRequestContext, name: string) {
  const response = await request.post('/api/calls/videoMail', {
    headers: companyHeaders,
    multipart: {
      email: 'vecino@example.com',
      name,
      phone_number: '+56912345678',
      message: 'Dejo el video de lo que pasó en la plaza.',
      is_derived: 'true',
      videoMail: { name: 'video.webm', mimeType: 'video/webm', buffer: recording },
      thumbnail: { name: 'thumbnail.png', mimeType: 'image/png', buffer: thumbnail },
    },
  });
  expect(response.status()).toBe(200);
}

type ServiceStatus = { callBack: boolean; videoCall: boolean; videoMail: boolean; working_hours: boolean };

async function serviceStatus(request: APIRequestContext): Promise<ServiceStatus> {
  const response = await request.get('/api/company/serviceStatus', { headers: companyHeaders });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: ServiceStatus }).data;
}

async function specialityNames(request: APIRequestContext): Promise<string[]> {
  const response = await request.get('/api/company/specialities', { headers: companyHeaders });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { name: string }[] }).data.map((item) => item.name);
}

/** Console errors other than the 401/403 answers a test provokes on purpose. */
function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of (401|403)/.test(message.text()))
      errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The pending count a tab reads out ("Mensajes de contacto 3 pendientes"). */
async function pendingIn(tab: Locator): Promise<number> {
  return Number(/(\d+) pendientes?/.exec((await tab.textContent()) ?? '')?.[1] ?? Number.NaN);
}

test.describe('operator console access', () => {
  test('without a session it sends to the login page, which returns here', async ({ page }) => {
    await page.goto(webPaths.operator);
    await expect(page).toHaveURL(/\/login\?redirect_to=%2Foperador$/);
  });

  test('a signed-in citizen who is not a company member is told so, with a way home', async ({
    page,
    request,
  }) => {
    const email = `vecino-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const password = 'clave-segura-2026';
    const signup = await request.post('/api/v1/auth/signup', {
      data: { name: 'Vecino', lastname: 'Curioso', email, password, password_confirmation: password },
    });
    expect(signup.status()).toBe(200);
    const token = await tokenFor(request, email, password);

    await page.goto('/');
    await page.evaluate((stored) => window.localStorage.setItem('session-token', stored), token);
    await page.goto(webPaths.operator);
    await expect(page.getByText('Tu cuenta no tiene acceso a la consola de operadores.')).toBeVisible();
    await expect(page.getByRole('tab')).toHaveCount(0);
    // Being told "no access" must not sign the citizen out of the rest of the site.
    expect(await page.evaluate(() => window.localStorage.getItem('session-token'))).toBe(token);
    await page.getByRole('link', { name: 'Volver al Inicio' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the admin signs in from /login?redirect_to=/operador and lands on the console', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto(`${webPaths.login}?redirect_to=${encodeURIComponent(webPaths.operator)}`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Ingresar', exact: true }).click();

    await expect(page).toHaveURL(/\/operador$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Consola de operadores' })).toBeVisible();
    await expect(page).toHaveTitle(/Consola de operadores/);
    await expect(page.getByRole('tab', { name: /^Llamadas/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: /^Video mails/ })).toBeVisible();
    await expect(page.getByRole('tab', { name: /^Mensajes de contacto/ })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Configuración' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'En vivo' })).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test.describe('operator console inbox', () => {
  test('a contact message arrives without reloading, is announced and is marked as handled', async ({
    page,
    request,
  }) => {
    const errors = collectConsoleErrors(page);
    const token = await tokenFor(request, ADMIN.email, ADMIN.password);
    await openConsole(page, token, '?vista=contactos');
    const contactsTab = page.getByRole('tab', { name: /^Mensajes de contacto/ });
    await expect(contactsTab).toHaveAttribute('aria-selected', 'true');
    const pendingBefore = await pendingIn(contactsTab);
    expect(pendingBefore).toBeGreaterThanOrEqual(0);

    // Text from anonymous visitors must show as text.
    const name = uniqueName('<b>Rosa</b>');
    await postContact(request, name, '<img src=x onerror="window.__pwned = true"> Hola, necesito ayuda.');

    const card = page.getByRole('article', { name });
    await expect(card).toBeVisible();
    await expect(card).toContainText('<img src=x onerror="window.__pwned = true"> Hola, necesito ayuda.');
    await expect(page.getByRole('status').filter({ hasText: `Nuevo mensaje de ${name}` })).toBeVisible();
    await expect.poll(() => pendingIn(contactsTab)).toBe(pendingBefore + 1);
    expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();

    await card.getByRole('button', { name: 'Marcar como atendido' }).click();
    const handledNote = card.getByText(/Atendido ·/);
    await expect(handledNote).toBeVisible();
    await expect(handledNote).toBeFocused();
    await expect(card.getByRole('button', { name: 'Marcar como atendido' })).toHaveCount(0);
    await expect.poll(() => pendingIn(contactsTab)).toBe(pendingBefore);

    const inbox = await request.get('/api/v1/operator/inbox', {
      headers: { authorization: `Bearer ${token}` },
    });
    const { contacts } = (await inbox.json()) as { contacts: { name: string; handled_at: string | null }[] };
    expect(contacts.find((contact) => contact.name === name)?.handled_at).toEqual(expect.any(String));
    expect(errors).toEqual([]);
  });

  test('a video mail arrives without reloading and its player knows the video’s length', async ({
    page,
    request,
  }) => {
    const errors = collectConsoleErrors(page);
    const token = await tokenFor(request, ADMIN.email, ADMIN.password);
    await openConsole(page, token, '?vista=video-mails');

    const name = uniqueName('Carla');
    await postVideoMail(request, name);

    const card = page.getByRole('article', { name });
    await expect(card).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: `Nuevo video mail de ${name}` })).toBeVisible();
    await expect(card.getByText('Derivado de videollamada')).toBeVisible();
    await expect(card).toContainText(/Duración \d+:\d\d/);

    const video = card.locator('video');
    await expect(video).toHaveAttribute('controls', '');
    // Nothing of the video is fetched before play: its first fetch is the audited opening.
    await expect(video).toHaveAttribute('preload', 'none');
    // MediaRecorder files carry no duration; the server writes it, so the player gets a timeline.
    const duration = await video.evaluate(
      (element: HTMLVideoElement) =>
        new Promise<number>((resolve) => {
          if (element.readyState >= HTMLMediaElement.HAVE_METADATA) resolve(element.duration);
          else element.addEventListener('loadedmetadata', () => resolve(element.duration), { once: true });
          element.preload = 'metadata';
          element.load();
        }),
    );
    expect(Number.isFinite(duration)).toBe(true);
    expect(duration).toBeGreaterThan(0);
    await expect(video).toHaveAttribute('poster', /\S/);
    const poster = await video.getAttribute('poster');

    // That opening is in the Auditoría tab once, with who opened which video mail.
    const inbox = await request.get('/api/v1/operator/inbox', {
      headers: { authorization: `Bearer ${token}` },
    });
    const { video_mails } = (await inbox.json()) as { video_mails: { id: number; name: string }[] };
    const mailId = video_mails.find((mail) => mail.name === name)!.id;
    await page.getByRole('tab', { name: auditTexts.tab }).click();
    await page
      .getByRole('combobox', { name: auditTexts.area })
      .selectOption({ label: auditTexts.areas.video_mail });
    await page.getByRole('button', { name: auditTexts.apply }).click();
    const opened = page
      .getByRole('region', { name: auditTexts.title })
      .getByRole('row')
      .filter({ hasText: 'video_mail.open' })
      .filter({ hasText: `video_mail ${mailId}` });
    await expect(opened).toHaveCount(1);
    await expect(opened).toContainText(auditTexts.actionLabel('video_mail.open'));
    await expect(opened).toContainText(ADMIN.email);

    const image = await request.get(poster!);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    expect(errors).toEqual([]);
  });
});

test.describe('operator console settings', () => {
  test('the admin switches Video Mail, edits specialities, origins and working hours', async ({
    page,
    request,
  }) => {
    const token = await tokenFor(request, ADMIN.email, ADMIN.password);
    const restore = () =>
      request.patch('/api/v1/operator/company', {
        headers: { authorization: `Bearer ${token}` },
        data: { video_mail: true, working_hours: ALWAYS_OPEN },
      });

    try {
      await openConsole(page, token, '?vista=configuracion');
      await expect(page.getByRole('tab', { name: 'Configuración' })).toHaveAttribute('aria-selected', 'true');

      // Services: each switch saves at once and the widget's status follows.
      const videoMail = page.getByRole('switch', { name: 'Video Mail' });
      await expect(videoMail).toBeChecked();
      await videoMail.uncheck();
      await expect(page.getByText('Video Mail desactivado.')).toBeVisible();
      expect((await serviceStatus(request)).videoMail).toBe(false);
      await videoMail.check();
      await expect(page.getByText('Video Mail activado.')).toBeVisible();
      expect((await serviceStatus(request)).videoMail).toBe(true);

      // Specialities.
      const speciality = uniqueName('Orientación');
      await page.getByLabel('Nueva especialidad').fill(speciality);
      await page.getByRole('button', { name: 'Agregar especialidad' }).click();
      await expect(page.getByText(`Especialidad «${speciality}» agregada.`)).toBeVisible();
      // The widget's list is cached for a few seconds on the server (company-routes.ts).
      await expect.poll(() => specialityNames(request), { timeout: 10_000 }).toContain(speciality);
      await page.getByRole('button', { name: `Quitar ${speciality}` }).click();
      await expect(page.getByText(`Especialidad «${speciality}» quitada.`)).toBeVisible();
      await expect.poll(() => specialityNames(request), { timeout: 10_000 }).not.toContain(speciality);

      // Allowed origins: the server schema's message, then a valid one added and removed.
      const origin = page.getByLabel('Nuevo origen');
      await origin.fill('https://municipalidad.cl/contacto');
      await page.getByRole('button', { name: 'Agregar origen' }).click();
      await expect(
        page.getByText('Escribe el origen como https://sitio.cl (sin ruta ni barra final)'),
      ).toBeVisible();
      await expect(origin).toHaveAttribute('aria-invalid', 'true');
      await origin.fill('https://municipalidad.cl');
      await page.getByRole('button', { name: 'Agregar origen' }).click();
      await expect(page.getByText('Origen https://municipalidad.cl agregado.')).toBeVisible();
      await page.getByRole('button', { name: 'Quitar https://municipalidad.cl' }).click();
      await expect(page.getByText('Todavía no hay sitios autorizados.')).toBeVisible();

      // Working hours: closed every day, then open around the clock again.
      for (const day of WEEKDAY_NAMES) {
        await page.getByRole('group', { name: day }).getByRole('switch', { name: 'Abierto' }).uncheck();
      }
      await page.getByRole('button', { name: 'Guardar horario' }).click();
      await expect(page.getByText('Horario de atención guardado.')).toBeVisible();
      await expect.poll(async () => (await serviceStatus(request)).working_hours).toBe(false);

      for (const day of WEEKDAY_NAMES) {
        const row = page.getByRole('group', { name: day });
        await row.getByRole('switch', { name: 'Abierto' }).check();
        await row.getByLabel('Desde').fill('00:00');
        await row.getByLabel('Hasta').fill('24:00');
      }
      const monday = page.getByRole('group', { name: 'Lunes' });
      await monday.getByLabel('Hasta').fill('25:00');
      await page.getByRole('button', { name: 'Guardar horario' }).click();
      await expect(monday.getByText('Usa el formato HH:mm')).toBeVisible();
      await expect(monday.getByLabel('Hasta')).toBeFocused();
      await monday.getByLabel('Hasta').fill('24:00');
      // The notice of the first save may still be showing: wait for this save to reach the server.
      const saved = page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/v1/operator/company') && response.request().method() === 'PATCH',
      );
      await page.getByRole('button', { name: 'Guardar horario' }).click();
      expect((await saved).status()).toBe(200);
      await expect(page.getByText('Horario de atención guardado.')).toBeVisible();
      await expect.poll(async () => (await serviceStatus(request)).working_hours).toBe(true);
    } finally {
      // Other tests on this worker's server expect the seeded company as it was.
      expect((await restore()).status()).toBe(200);
    }
  });
});

test.describe('operator console accessibility', () => {
  for (const viewport of checkedViewports) {
    test(`inbox and settings have no serious accessibility problems at ${viewport.name}`, async ({
      page,
      request,
    }) => {
      const errors = collectConsoleErrors(page);
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const token = await tokenFor(request, ADMIN.email, ADMIN.password);
      await openConsole(page, token, '?vista=video-mails');
      await postVideoMail(request, uniqueName('Pedro'));
      await expect(page.getByRole('article').first()).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await expectNoHorizontalScroll(page);

      // Contact cards are the same component without the player, and the public API takes five
      // contact messages per ten minutes from one address: this tab is checked with what it holds.
      await page.getByRole('tab', { name: /^Mensajes de contacto/ }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Mensajes de contacto' })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await expectNoHorizontalScroll(page);

      await page.getByRole('tab', { name: 'Configuración' }).click();
      await expect(page.getByRole('heading', { name: 'Horario de atención' })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await expectNoHorizontalScroll(page);
      expect(errors).toEqual([]);
    });
  }
});
