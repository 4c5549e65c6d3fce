import { DEMO_COMPANY_KEY, QUICK_EXIT } from '@seguridad/contracts/constants';
import { quickExitTexts } from '@seguridad/contracts/messages/silent-call';
import { callTexts, widgetTexts } from '@seguridad/contracts/messages';
import { HOST_READY_EVENT } from '@seguridad/contracts/embed-bridge';
import { launcherTexts } from '@seguridad/contracts/messages/launcher';
import { webPaths } from '@seguridad/contracts/web-paths';
import { expect, test, type RunningServer, DEV_ADMIN } from './fixtures';
import { startHostSite } from './support/host-site';

async function setLauncher(
  server: RunningServer,
  launcher: { launcher_color: string; launcher_label: string },
) {
  const login = await fetch(`${server.baseURL}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEV_ADMIN),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  await fetch(`${server.baseURL}/api/v1/operator/company`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(launcher),
  });
}

async function allowOrigins(server: RunningServer, origins: string[]) {
  const login = await fetch(`${server.baseURL}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEV_ADMIN),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const response = await fetch(`${server.baseURL}/api/v1/operator/company`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ allowed_origins: origins }),
  });
  expect(response.status).toBe(200);
}

test.describe('the widget embedded on another site', () => {
  test('openVideoCall() starts a call in a full-window frame that an operator answers', async ({
    browser,
    page,
    server,
  }) => {
    test.setTimeout(60_000);
    const host = await startHostSite(server.baseURL, DEMO_COMPANY_KEY);
    const operatorContext = await browser.newContext({ baseURL: server.baseURL });
    try {
      await allowOrigins(server, [host.origin]);
      const operator = await operatorContext.newPage();
      await operator.goto(
        `${webPaths.login}?redirect_to=${encodeURIComponent(`${webPaths.operator}?vista=llamadas`)}`,
      );
      await operator.getByLabel('Email').fill(DEV_ADMIN.email);
      await operator.getByLabel('Contraseña', { exact: true }).fill(DEV_ADMIN.password);
      await operator.getByRole('button', { name: 'Ingresar', exact: true }).click();
      await expect(operator.getByRole('status').filter({ hasText: 'En vivo' })).toBeVisible();

      await page.goto(host.origin);
      await page.waitForFunction(() => 'SeguridadWidget' in window);
      await page.evaluate(() =>
        (window as unknown as { SeguridadWidget: { openVideoCall(): void } }).SeguridadWidget.openVideoCall(),
      );
      const widget = page.frameLocator('iframe[title^="Contacto"]');
      await widget.getByRole('button', { name: 'Llamar' }).click();
      const callView = widget.getByRole('region', { name: 'Videollamada en curso' });
      await expect(callView.getByText(callTexts.queuePosition(1))).toBeVisible();
      // The call covers the host page's whole window.
      const iframe = page.locator('iframe[title^="Contacto"]');
      await expect.poll(async () => (await iframe.boundingBox())?.width).toBe(page.viewportSize()!.width);

      const queued = operator.getByRole('listitem').filter({ hasText: 'General' }).first();
      // The operator sees which site the citizen is calling from.
      await expect(queued).toContainText(host.origin);
      await queued.getByRole('button', { name: /Aceptar/ }).click();
      const remote = callView.getByLabel('Video de la operadora');
      await expect
        .poll(() => remote.evaluate((element: HTMLVideoElement) => element.videoWidth > 0), {
          timeout: 15_000,
        })
        .toBe(true);

      await callView.getByRole('button', { name: 'Terminar Llamada' }).click();
      await expect(operator.getByText(callTexts.ended)).toBeVisible();
      await expect.poll(async () => (await iframe.boundingBox())?.width ?? 0).toBeLessThan(400);
    } finally {
      await operatorContext.close();
      host.server.close();
    }
  });

  test('opens from the script tag, sends a contact message and closes', async ({ page, server }) => {
    const host = await startHostSite(server.baseURL, DEMO_COMPANY_KEY);
    try {
      await allowOrigins(server, [host.origin]);
      await page.goto(host.origin);
      const launcher = page.getByRole('button', { name: 'Contáctanos' });
      await expect(launcher).toBeVisible();
      const iframe = page.locator('iframe[title^="Contacto"]');
      await launcher.click();
      await expect(iframe).toBeVisible();
      await expect(iframe).toHaveAttribute('allow', /camera.*microphone.*display-capture/);

      const widget = page.frameLocator('iframe[title^="Contacto"]');
      await widget.getByRole('button', { name: 'Contacto' }).click();
      await widget.getByLabel('Nombre').fill('Marta Díaz');
      await widget.getByLabel(/Correo/).fill('marta@example.com');
      await widget.getByLabel(/Teléfono/).fill('+56911223344');
      await widget.getByLabel(/Mensaje/).fill('Escribo desde el sitio municipal.');
      await widget.getByRole('button', { name: /Enviar/ }).click();
      await expect(widget.getByText(widgetTexts.contactSent)).toBeVisible();
      await expect(iframe).toBeHidden({ timeout: 8_000 });
      await expect(launcher).toBeVisible();

      const outbox = await page.request.get(`${server.baseURL}/api/dev/outbox?to=central@example.com`);
      expect(JSON.stringify(await outbox.json())).toContain('Escribo desde el sitio municipal.');
    } finally {
      host.server.close();
    }
  });

  test("Salida rápida in the frame replaces the host page with the company's neutral site (the default)", async ({
    page,
    server,
  }) => {
    const host = await startHostSite(server.baseURL, DEMO_COMPANY_KEY);
    // No company address set: the product's default, served here by the test.
    await page.context().route(`${QUICK_EXIT.defaultUrl}**`, (route) =>
      route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: '<title>Tiempo</title><h1>Pronóstico</h1>',
      }),
    );
    try {
      await allowOrigins(server, [host.origin]);
      await page.goto(host.origin);
      const historyLength = await page.evaluate(() => history.length);
      await page.getByRole('button', { name: 'Contáctanos' }).click();
      const widget = page.frameLocator('iframe[title^="Contacto"]');
      await widget.getByRole('button', { name: quickExitTexts.button }).click();
      await page.waitForURL(QUICK_EXIT.defaultUrl);
      await expect(page.getByRole('heading', { name: 'Pronóstico' })).toBeVisible();
      expect(await page.evaluate(() => history.length)).toBe(historyLength);
    } finally {
      host.server.close();
    }
  });

  test('exposes one global to open and close it, and ignores messages that do not come from the widget', async ({
    page,
    server,
  }) => {
    const host = await startHostSite(server.baseURL, DEMO_COMPANY_KEY);
    try {
      await allowOrigins(server, [host.origin]);
      await page.goto(host.origin);
      await page.waitForFunction(() => 'SeguridadWidget' in window);
      const iframe = page.locator('iframe[title^="Contacto"]');
      await page.evaluate(() =>
        window.postMessage(
          { source: 'seguridad-widget', type: 'layout', width: 600 },
          window.location.origin,
        ),
      );
      await expect(iframe).toHaveCount(0);

      await page.evaluate(() =>
        (window as unknown as { SeguridadWidget: { open(): void } }).SeguridadWidget.open(),
      );
      await expect(iframe).toBeVisible();
      await page.evaluate(() =>
        (window as unknown as { SeguridadWidget: { close(): void } }).SeguridadWidget.close(),
      );
      await expect(iframe).toBeHidden();
    } finally {
      host.server.close();
    }
  });

  test('the launcher wears the colour and words the admin set in the console, and a call made before the script ran is kept', async ({
    browser,
    page,
    server,
  }) => {
    // The site queues open() on a stub before the loader exists, and listens for the ready event.
    const host = await startHostSite(
      server.baseURL,
      DEMO_COMPANY_KEY,
      `<script>window.SeguridadWidget = { q: ['open'] }; window.readyEvents = 0;
addEventListener('${HOST_READY_EVENT}', () => { window.readyEvents += 1; });</script>`,
    );
    const adminContext = await browser.newContext({ baseURL: server.baseURL });
    try {
      await allowOrigins(server, [host.origin]);
      const admin = await adminContext.newPage();
      await admin.goto(
        `${webPaths.login}?redirect_to=${encodeURIComponent(`${webPaths.operator}?vista=configuracion`)}`,
      );
      await admin.getByLabel('Email').fill(DEV_ADMIN.email);
      await admin.getByLabel('Contraseña', { exact: true }).fill(DEV_ADMIN.password);
      await admin.getByRole('button', { name: 'Ingresar', exact: true }).click();
      const editor = admin.getByRole('group', { name: launcherTexts.title });
      // White on a pale colour would not be read: the server's own rule says so.
      await editor.getByLabel(launcherTexts.colorField).fill('#ffe066');
      await editor.getByRole('button', { name: launcherTexts.save }).click();
      await expect(editor.getByText(launcherTexts.colorTooLight)).toBeVisible();
      await editor.getByLabel(launcherTexts.colorField).fill('#7a1f5c');
      await editor.getByLabel(launcherTexts.labelField).fill('Habla con la central');
      await expect(editor.getByTestId('launcher-preview')).toHaveText('Habla con la central');
      await editor.getByRole('button', { name: launcherTexts.save }).click();
      await expect(admin.getByText(launcherTexts.saved)).toBeVisible();
      for (const width of [360, 1280]) {
        await admin.setViewportSize({ width, height: 800 });
        await editor.scrollIntoViewIfNeeded();
        await admin.screenshot({ path: test.info().outputPath(`launcher-editor-${width}.png`) });
      }

      await page.goto(host.origin);
      // The queued open() was not lost: the drawer opened without a click.
      const iframe = page.locator('iframe[title^="Contacto"]');
      await expect(iframe).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { readyEvents: number }).readyEvents)).toBe(1);
      await page.evaluate(() =>
        (window as unknown as { SeguridadWidget: { close(): void } }).SeguridadWidget.close(),
      );
      await expect(iframe).toBeHidden();

      const launcher = page.getByRole('button', { name: 'Habla con la central' });
      await expect(launcher).toBeVisible();
      await expect(launcher).toHaveCSS('background-color', 'rgb(122, 31, 92)');
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.screenshot({ path: test.info().outputPath(`launcher-host-${width}.png`) });
      }
    } finally {
      // The worker's server is shared: later tests find the default launcher again.
      await setLauncher(server, { launcher_color: '#0b3a75', launcher_label: 'Contáctanos' });
      await adminContext.close();
      host.server.close();
    }
  });

  test('a site the company did not allow cannot frame the widget', async ({ page, server }) => {
    const host = await startHostSite(server.baseURL, DEMO_COMPANY_KEY);
    try {
      await allowOrigins(server, []);
      await page.goto(host.origin);
      const widgetPage = page.waitForResponse((response) => new URL(response.url()).pathname === '/widget');
      await page.getByRole('button', { name: 'Contáctanos' }).click();
      // The server names only its own origin as a framer, so the browser refuses to show the widget.
      const policy = (await widgetPage).headers()['content-security-policy'] ?? '';
      expect(policy).toMatch(/frame-ancestors 'self'(;|$)/);
      expect(policy).not.toContain(host.origin);
      await expect(page.locator('iframe[title^="Contacto"]')).toBeHidden();
    } finally {
      host.server.close();
    }
  });
});
