import type { APIRequestContext, Page, Request } from '@playwright/test';
import { COMPANY_KEY_HEADER, DEMO_COMPANY_KEY } from '@seguridad/contracts/constants';
import { availabilityApi } from '@seguridad/contracts/http/availability';
import { callbacksApi } from '@seguridad/contracts/http/callbacks';
import { callsApi } from '@seguridad/contracts/http/calls';
import { operatorApi, type InboxResponse } from '@seguridad/contracts/http/operator';
import { ratingsApi, type RatingListResponse } from '@seguridad/contracts/http/ratings';
import { widgetApi } from '@seguridad/contracts/http/widget';
import {
  callbackTexts,
  callTexts,
  phoneCallTexts,
  ratingTexts,
  widgetTexts,
} from '@seguridad/contracts/messages';
import { webPaths } from '@seguridad/contracts/web-paths';
import { DEV_ADMIN, expect, freePort, test, type RunningServer } from './fixtures';
import { adminCommand } from './support/admin-command';
import {
  latestMatch,
  PASSWORD,
  randomMobilePhone,
  signedInState,
  tokenThroughApi,
  uniqueEmail,
} from './support/accounts';
import { startHostSite } from './support/host-site';

/*
 * The widget on a second company's site asks on behalf of that company, in everything it sends:
 * the call and its rating, the video mail, the contact form and the callback. The rating prompt
 * once rendered outside the frame's company and sent the build's demo key, so every rating from
 * an embedded widget failed (401 invalid_company_key where there is no demo company; here, where
 * there is one, 404 for a call that is not its). A request with that key fails this journey.
 */

type SentRequest = { method: string; path: string; url: string; companyKey: string | undefined };

function sentOf(request: Request): SentRequest {
  return {
    method: request.method(),
    path: new URL(request.url()).pathname,
    url: request.url(),
    companyKey: request.headers()[COMPANY_KEY_HEADER],
  };
}

/** Every request the citizen's page (the host page and the widget's frame) makes to our server. */
function recordRequestsTo(page: Page, server: RunningServer): SentRequest[] {
  const sent: SentRequest[] = [];
  const ours = new URL(server.baseURL).origin;
  page.on('request', (request) => {
    if (new URL(request.url()).origin === ours) sent.push(sentOf(request));
  });
  return sent;
}

function matches(route: { method: string; pattern: string }, request: SentRequest): boolean {
  const path = new RegExp(`^${route.pattern.replace(/:[A-Za-z_]\w*/g, '[^/]+')}$`);
  return request.method === route.method && path.test(request.path);
}

/** What the host page asks of the widget, through the one global its script tag defines. */
function askWidget(page: Page, action: 'open' | 'close' | 'openVideoCall'): Promise<void> {
  return page.evaluate((name) => {
    (window as unknown as { SeguridadWidget: Record<typeof name, () => void> }).SeguridadWidget[name]();
  }, action);
}

/** A company made by the operations command for `origin`, with an administrator taking calls. */
async function secondCompany(request: APIRequestContext, server: RunningServer, origin: string) {
  const created = await adminCommand(server.dataDir, [
    'company:create',
    '--name',
    'Municipalidad de Ejemplo',
    '--origin',
    origin,
  ]);
  const key = /company-key: (pk_\S+)/.exec(created)?.[1];
  expect(key).toBeDefined();
  expect(key).not.toBe(DEMO_COMPANY_KEY);
  const email = uniqueEmail('admin-municipal');
  await adminCommand(server.dataDir, [
    'staff:invite',
    '--company-key',
    key!,
    '--email',
    email,
    '--role',
    'admin',
  ]);
  const code = await latestMatch(request, email, /[?&]code=([\w-]+)/);
  const registered = await request.post('/api/v1/staff/invitations/register', {
    data: { code, name: 'Marta', lastname: 'Municipal', password: PASSWORD, password_confirmation: PASSWORD },
  });
  expect(registered.status()).toBe(200);
  const token = await tokenThroughApi(request, email);
  // An administrator takes no calls until they choose Disponible.
  const available = await request.put(availabilityApi.set.path(), {
    headers: { authorization: `Bearer ${token}` },
    data: { state: 'available' },
  });
  expect(available.status()).toBe(200);
  return { key: key!, token };
}

async function staffGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

/** What a company's administrator finds of this journey: in the inbox and among the ratings. */
async function whatTheCompanyHas(
  request: APIRequestContext,
  token: string,
  marks: { videoMailSender: string; contactMessage: string; callbackPhone: string; callId: number },
) {
  const inbox = await staffGet<InboxResponse>(request, token, operatorApi.inbox.path());
  const ratings = await staffGet<RatingListResponse>(request, token, ratingsApi.list.path());
  return {
    videoMail: inbox.video_mails.some((mail) => mail.name === marks.videoMailSender),
    contact: inbox.contacts.some((contact) => contact.message === marks.contactMessage),
    callback: inbox.callbacks.some((callback) => callback.phone === marks.callbackPhone),
    rating: ratings.ratings.find((rating) => rating.call_id === marks.callId),
  };
}

test("the widget on a second company's site sends the call's rating, a video mail, the contact form and a callback to that company", async ({
  browser,
  page,
  request,
  server,
}) => {
  test.setTimeout(60_000);
  // The company is created allowing the site's origin; the site then embeds the company's key.
  const port = await freePort();
  const company = await secondCompany(request, server, `http://127.0.0.1:${port}`);
  const site = await startHostSite(server.baseURL, company.key, '', port);
  const operatorContext = await browser.newContext({
    baseURL: server.baseURL,
    storageState: signedInState(server.baseURL, company.token),
  });
  const sent = recordRequestsTo(page, server);
  const run = Date.now().toString(36);
  const marks = {
    videoMailSender: `Vecina ${run}`,
    contactMessage: `Escribo desde el sitio municipal ${run}.`,
    callbackPhone: `+${randomMobilePhone()}`,
    callId: 0,
  };
  try {
    const operator = await operatorContext.newPage();
    await operator.goto(`${webPaths.operator}?vista=llamadas`);
    await expect(operator.getByRole('status').filter({ hasText: 'En vivo' })).toBeVisible();

    // (1) A video call that the company's administrator answers, hung up and rated by the citizen.
    await page.goto(site.origin);
    await page.waitForFunction(() => 'SeguridadWidget' in window);
    const iframe = page.locator('iframe[title^="Contacto"]');
    const widget = page.frameLocator('iframe[title^="Contacto"]');
    await askWidget(page, 'openVideoCall');
    await widget.getByRole('button', { name: 'Llamar' }).click();
    const callView = widget.getByRole('region', { name: 'Videollamada en curso' });
    await expect(callView.getByText(callTexts.queuePosition(1))).toBeVisible();
    await operator
      .getByRole('listitem')
      .filter({ hasText: 'General' })
      .first()
      .getByRole('button', { name: /Aceptar/ })
      .click();
    await expect(callView.getByText(callTexts.connected)).toBeVisible({ timeout: 15_000 });
    await callView.getByRole('button', { name: callTexts.endCall }).click();
    await expect(callView).toBeHidden();

    const prompt = widget.getByRole('region', { name: ratingTexts.question });
    await prompt.getByRole('radio', { name: '4 estrellas' }).check();
    await prompt.getByLabel(ratingTexts.commentLabel).fill(`Me atendieron rápido ${run}`);
    const rated = page.waitForResponse((response) => matches(ratingsApi.rate, sentOf(response.request())));
    await prompt.getByRole('button', { name: ratingTexts.send }).click();
    const rating = await rated;
    // Before the fix the prompt sat outside the frame's company and sent the build's demo key.
    expect(rating.request().headers()[COMPANY_KEY_HEADER]).toBe(company.key);
    expect(rating.status()).toBe(200);
    await expect(prompt.getByText(ratingTexts.thanks)).toBeVisible();
    marks.callId = Number(/videoCall\/(\d+)\/rating/.exec(rating.url())?.[1]);
    await operatorContext.close();

    // (2) A video mail, from the drawer the hung-up call went back to.
    await widget.getByRole('button', { name: 'Video Mail' }).click();
    const videoMail = widget.getByRole('dialog', { name: 'Video Mail' });
    await videoMail.getByRole('button', { name: 'Grabar nuevo video' }).click();
    await videoMail.getByRole('button', { name: 'Comenzar grabación' }).click();
    await expect(videoMail.getByRole('timer')).toContainText(/^0:0[1-9]/);
    await videoMail.getByRole('button', { name: 'Detener grabación' }).click();
    await expect(videoMail.getByLabel('Tu video grabado')).toBeVisible();
    await videoMail.getByRole('textbox', { name: 'Correo electrónico' }).fill('vecina@example.com');
    await videoMail.getByRole('textbox', { name: 'Nombre' }).fill(marks.videoMailSender);
    await videoMail.getByRole('textbox', { name: 'Teléfono' }).fill('912345678');
    await videoMail
      .getByRole('textbox', { name: 'Mensaje' })
      .fill('Hay un poste de luz apagado en mi pasaje.');
    await videoMail.getByRole('button', { name: 'Enviar video' }).click();
    await expect(widget.getByText(widgetTexts.videoMailSent)).toBeVisible({ timeout: 10_000 });
    // Closed from the host page, the drawer skips the rest of the notice and opens on its entries.
    await askWidget(page, 'close');
    await expect(iframe).toBeHidden();

    // (3) The contact form.
    await askWidget(page, 'open');
    await widget.getByRole('button', { name: 'Contacto' }).click();
    const contact = widget.getByRole('dialog', { name: 'Contacto' });
    await contact.getByRole('textbox', { name: 'Nombre' }).fill('Luis Pérez');
    await contact.getByRole('textbox', { name: 'Correo electrónico' }).fill('luis@example.com');
    await contact.getByRole('textbox', { name: 'Teléfono celular' }).fill('+56911223344');
    await contact.getByRole('textbox', { name: 'Mensaje' }).fill(marks.contactMessage);
    await contact.getByRole('button', { name: 'Enviar' }).click();
    await expect(widget.getByText(widgetTexts.contactSent)).toBeVisible();
    await askWidget(page, 'close');
    await expect(iframe).toBeHidden();

    // (4) A callback.
    await askWidget(page, 'open');
    await widget.getByRole('button', { name: new RegExp(`^${phoneCallTexts.entry} Habla`) }).click();
    await widget
      .getByRole('dialog', { name: phoneCallTexts.entry })
      .getByRole('button', { name: callbackTexts.request })
      .click();
    const callback = widget.getByRole('dialog', { name: callbackTexts.request });
    // By role: the contact panel, hidden in the same drawer, has a «Teléfono celular» of its own.
    await callback.getByRole('textbox', { name: callbackTexts.phoneLabel }).fill(marks.callbackPhone);
    await callback.getByRole('button', { name: callbackTexts.request }).click();
    await expect(widget.getByText(callbackTexts.sent)).toBeVisible();

    // Every request carried the site's key; the build's demo key went nowhere, not even in a URL.
    expect(sent.filter((request) => request.url.includes(DEMO_COMPANY_KEY))).toEqual([]);
    expect(
      sent.filter((request) => request.companyKey !== undefined && request.companyKey !== company.key),
    ).toEqual([]);
    for (const route of [
      widgetApi.serviceStatus,
      callsApi.create,
      ratingsApi.rate,
      widgetApi.startVideoMailUpload,
      widgetApi.completeVideoMailUpload,
      widgetApi.contact,
      callbacksApi.request,
    ]) {
      const carried = sent.filter((request) => matches(route, request)).map((request) => request.companyKey);
      expect(carried, `${route.method} ${route.pattern}`).toContain(company.key);
    }

    // Each landed in the second company, and nothing of it in the demo company.
    const mine = await whatTheCompanyHas(request, company.token, marks);
    expect(mine).toMatchObject({ videoMail: true, contact: true, callback: true });
    expect(mine.rating).toMatchObject({ stars: 4, comment: `Me atendieron rápido ${run}` });
    const demoToken = await tokenThroughApi(request, DEV_ADMIN.email, DEV_ADMIN.password);
    expect(await whatTheCompanyHas(request, demoToken, marks)).toEqual({
      videoMail: false,
      contact: false,
      callback: false,
      rating: undefined,
    });
  } finally {
    await operatorContext.close();
    site.server.close();
  }
});
