import { expect } from '@playwright/test';
import {
  accountTexts,
  callTexts,
  checkoutTexts,
  paymentTexts,
  promoTexts,
  settingsTexts,
  widgetTexts,
} from '@seguridad/contracts/messages';
import { settingsSectionPaths, webPaths } from '@seguridad/contracts/web-paths';
import { DEV_ADMIN } from '../fixtures';
import { PASSWORD } from './accounts';
import type { JourneyPage, VideoCheck } from './journey-driver';

/*
 * The journeys every browser runs (decision 037), written once against JourneyPage: Chromium
 * through Playwright, Firefox through puppeteer-core, on either side of a call.
 */

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const hasFrames: VideoCheck<number | null> = (selector) => {
  const video = document.querySelector(selector) as HTMLVideoElement | null;
  return video && video.readyState >= 2 && video.videoWidth > 0 ? video.currentTime : null;
};

async function pollUntil<T>(what: string, attempt: () => Promise<T | null>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await attempt().catch(() => null);
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The <video> labelled `label` shows frames and its time moves on. */
export async function expectVideoPlays(page: JourneyPage, label: string, scope?: string) {
  const first = await pollUntil(`frames in "${label}" (${page.engine})`, () =>
    page.video(label, hasFrames, scope),
  );
  await pollUntil(`"${label}" to move on (${page.engine})`, async () => {
    const now = await page.video(label, hasFrames, scope);
    return now !== null && now > first ? now : null;
  });
}

/** The operator signs in and opens the console on its calls view. */
export async function operatorSignsInToCalls(operator: JourneyPage) {
  await operator.goto(
    `${webPaths.login}?redirect_to=${encodeURIComponent(`${webPaths.operator}?vista=llamadas`)}`,
  );
  await operator.fill('Email', DEV_ADMIN.email);
  await operator.fill('Contraseña', DEV_ADMIN.password);
  await operator.click('Ingresar');
  await operator.waitForText('Consola de operadores');
  await operator.waitForText('En vivo');
}

/** The citizen opens a panel of the contact drawer. */
export async function openDrawerPanel(
  citizen: JourneyPage,
  panel: 'Videollamada' | 'Video Mail' | 'Contacto',
) {
  await citizen.click('Contáctanos');
  await citizen.click(panel, 'Contáctanos');
}

/**
 * A whole call: the citizen calls, the operator accepts, video both ways, chat both ways, a file
 * from the citizen, and the citizen ends it for both.
 */
export async function callWithVideoChatAndFile(citizen: JourneyPage, operator: JourneyPage) {
  await operatorSignsInToCalls(operator);
  await citizen.goto('/');
  await openDrawerPanel(citizen, 'Videollamada');
  await citizen.click(callTexts.call, 'Videollamada');
  const callView = 'Videollamada en curso';
  await citizen.waitForText(callTexts.queuePosition(1), { scope: callView });

  await operator.click(/^Aceptar/);
  await expectVideoPlays(citizen, 'Video de la operadora', callView);
  await expectVideoPlays(operator, 'Video del ciudadano');

  const fromCitizen = `Hola desde ${citizen.engine}, hay humo en el edificio ${Date.now()}`;
  await citizen.fill('Mensaje', fromCitizen, callView);
  await citizen.submit('Mensaje', callView);
  await operator.waitForText(fromCitizen);
  const fromOperator = `Recibido en ${operator.engine}: enviamos ayuda`;
  await operator.fill('Mensaje', fromOperator);
  await operator.submit('Mensaje');
  await citizen.waitForText(fromOperator, { scope: callView });

  await citizen.attach(
    'Adjuntar archivo',
    { name: 'denuncia.pdf', mimeType: 'application/pdf', buffer: PDF },
    callView,
  );
  await operator.waitForText(/denuncia\.pdf/);

  await citizen.click(callTexts.endCall, callView);
  await operator.waitForText(callTexts.ended);
  await citizen.waitForGone(callView);
}

/** Records a video mail of a few seconds in the drawer and sends it; returns the sender's name. */
export async function sendVideoMail(citizen: JourneyPage, email = 'vecina@example.com'): Promise<string> {
  const name = `Vecina ${citizen.engine} ${Date.now()}`;
  await citizen.goto('/');
  await openDrawerPanel(citizen, 'Video Mail');
  const panel = 'Video Mail';
  await citizen.click('Grabar nuevo video', panel);
  await citizen.click('Comenzar grabación', panel);
  await citizen.waitForText(/^0:0[3-9] \//, { scope: panel, timeoutMs: 20_000 });
  await citizen.click('Detener grabación', panel);
  await citizen.fill('Correo electrónico', email, panel);
  await citizen.fill('Nombre', name, panel);
  await citizen.fill('Teléfono', '912345678', panel);
  await citizen.fill('Mensaje', `Grabado en ${citizen.engine}.`, panel);
  await citizen.click('Enviar video', panel);
  await citizen.waitForText(widgetTexts.videoMailSent, { timeoutMs: 30_000 });
  return name;
}

/** The operator opens that video mail in the console: it has a timeline, seeks, and plays to its end. */
export async function operatorPlaysVideoMailToTheEnd(operator: JourneyPage, sender: string) {
  await operator.goto(`${webPaths.operator}?vista=video-mails`);
  await operator.waitForText(sender);
  const duration = await pollUntil('the video mail metadata', () =>
    operator.video(
      null,
      (selector) =>
        new Promise<number | null>((resolve) => {
          const video = document.querySelector(selector) as HTMLVideoElement;
          if (video.readyState >= 1) return resolve(video.duration);
          video.preload = 'auto';
          video.addEventListener('loadedmetadata', () => resolve(video.duration), { once: true });
          video.addEventListener('error', () => resolve(null), { once: true });
          video.load();
        }),
      sender,
    ),
  );
  expect(Number.isFinite(duration)).toBe(true);
  expect(duration).toBeGreaterThan(2);

  const landed = await operator.video(
    null,
    (selector) =>
      new Promise<number>((resolve, reject) => {
        const video = document.querySelector(selector) as HTMLVideoElement;
        video.addEventListener('seeked', () => resolve(video.currentTime), { once: true });
        video.addEventListener('error', () => reject(new Error(`media error ${video.error?.code}`)), {
          once: true,
        });
        video.currentTime = video.duration / 2;
      }),
    sender,
  );
  expect(Math.abs(landed - duration / 2)).toBeLessThan(1);

  const ended = await operator.video(
    null,
    (selector) =>
      new Promise<number>((resolve, reject) => {
        const video = document.querySelector(selector) as HTMLVideoElement;
        video.muted = true;
        video.addEventListener('ended', () => resolve(video.currentTime), { once: true });
        video.addEventListener('error', () => reject(new Error(`media error ${video.error?.code}`)), {
          once: true,
        });
        setTimeout(() => reject(new Error(`stuck at ${video.currentTime} of ${video.duration}`)), 20_000);
        video.currentTime = 0;
        void video.play().catch(reject);
      }),
    sender,
  );
  expect(ended).toBeGreaterThan(duration - 0.5);
}

/** The contact form: filled and sent. */
export async function sendContactForm(citizen: JourneyPage) {
  await citizen.goto('/');
  await openDrawerPanel(citizen, 'Contacto');
  await citizen.fill('Nombre', `Contacto ${citizen.engine}`, 'Contacto');
  await citizen.fill('Correo electrónico', 'vecino@example.com', 'Contacto');
  // The field starts at +569 and keeps it: the eight digits, typed or replacing it, give +56987654321.
  await citizen.fill('Teléfono celular', '87654321', 'Contacto');
  await citizen.fill('Mensaje', `Escribo desde ${citizen.engine}.`, 'Contacto');
  await citizen.click('Enviar', 'Contacto');
  await citizen.waitForText(widgetTexts.contactSent);
}

/** A citizen signs in on the login page, lands on the settings and saves the profile. */
export async function signInAndEditSettings(citizen: JourneyPage, email: string) {
  await citizen.goto(`${webPaths.login}?redirect_to=${encodeURIComponent(settingsSectionPaths.account)}`);
  await citizen.fill('Email', email);
  await citizen.fill('Contraseña', PASSWORD);
  await citizen.click('Ingresar');
  await citizen.waitForText(email);
  await citizen.click('Editar');
  const address = `Av. ${citizen.engine} 123, Santiago`;
  await citizen.fill(/^Dirección/, address);
  await citizen.click('Guardar');
  await citizen.waitForText(settingsTexts.profileSaved);
  await citizen.goto(settingsSectionPaths.account);
  await citizen.waitForValue(/^Dirección/, address);
}

/** The landing page, then the FAQ with an answer opened from its question. */
export async function landingAndFaq(visitor: JourneyPage) {
  await visitor.goto('/');
  await visitor.waitForText('Contáctanos');
  await visitor.goto(webPaths.faq);
  await visitor.click('¿Qué hago en una emergencia real?');
  await visitor.waitForText('133');
}

/** A new account through the register page; it signs in by itself. Returns its e-mail. */
export async function registerThroughThePage(visitor: JourneyPage): Promise<string> {
  const email = `registro-${visitor.engine}-${Date.now()}@example.com`;
  await visitor.goto(webPaths.register);
  await visitor.waitForText('Crear cuenta');
  await visitor.fill('Nombre', 'Valentina');
  await visitor.fill('Apellido', 'Rojas');
  await visitor.fill('Email', email);
  await visitor.fill('Contraseña', PASSWORD);
  await visitor.fill('Confirmar Contraseña', PASSWORD);
  await visitor.click('Registrar Cuenta');
  await visitor.waitForText(accountTexts.registerSuccess);
  return email;
}

/** Signs in on the login page and lands home with the user menu. */
export async function signInThroughThePage(visitor: JourneyPage, email: string) {
  await visitor.goto(webPaths.login);
  await visitor.fill('Email', email);
  await visitor.fill('Contraseña', PASSWORD);
  await visitor.click('Ingresar');
  await visitor.waitForUrl(/\/$/);
  await visitor.waitForText('Mi cuenta');
}

/**
 * Registers for the camera draw on /registrate: the phone's code step comes up (decision 039). A
 * visitor signed in with an account made elsewhere is told so and registers another user.
 */
export async function promoRegistration(visitor: JourneyPage, { signedIn = false } = {}) {
  await visitor.goto(webPaths.promo);
  await visitor.waitForText(promoTexts.heroTitle);
  if (signedIn) await visitor.click(promoTexts.registerAnother);
  await visitor.fill('Nombre', 'Valentina');
  await visitor.fill('Apellido', 'Reyes');
  await visitor.fill('Correo', `promo-${visitor.engine}-${Date.now()}@example.com`);
  await visitor.fill('Teléfono', String(10_000_000 + Math.floor(Math.random() * 89_999_999)));
  await visitor.fill(promoTexts.password, PASSWORD);
  await visitor.fill(promoTexts.passwordConfirmation, PASSWORD);
  await visitor.click(promoTexts.register);
  await visitor.waitForText(promoTexts.phoneStepTitle);
}

/** Signs in inside the checkout, fills the shipping, pays on the Flow simulator and comes back. */
export async function checkoutThroughFlow(buyer: JourneyPage, email: string) {
  await buyer.goto(`${webPaths.checkout}?plan=1`);
  await buyer.waitForText(checkoutTexts.loginTitle);
  await buyer.fill('Email', email);
  await buyer.fill('Contraseña', PASSWORD);
  await buyer.click('Ingresar');
  await buyer.waitForText(checkoutTexts.shippingTitle);
  await buyer.fill(/^Teléfono/, '+56912345678');
  await buyer.fill(/^Dirección/, 'Av. Libertador Bernardo O’Higgins 1234');
  await buyer.select(/^Región/, 'Región Metropolitana de Santiago');
  await buyer.select(/^Comuna/, 'Santiago');
  await buyer.click(checkoutTexts.buy);
  await buyer.waitForUrl(/\/dev\/flow\/pay\?token=/, 20_000);
  await buyer.click('Pagar');
  await buyer.waitForText(paymentTexts.successTitle, { timeoutMs: 20_000 });
  await buyer.click(paymentTexts.accept, paymentTexts.successTitle);
  await buyer.waitForUrl(/\/$/);
}

/**
 * A browser without WebRTC (WebKitGTK): the call says what to do instead and queues nothing; the
 * video mail either records or, when this browser cannot, offers the callback and the form.
 */
export async function noWebRtcAlternatives(visitor: JourneyPage) {
  await visitor.goto('/');
  await openDrawerPanel(visitor, 'Videollamada');
  // callTexts.cannotCall, or cannotCallNorRecord when its recorder writes no type the console plays.
  await visitor.waitForText(/^Este navegador no permite videollamadas/, { scope: 'Videollamada' });
  await visitor.click(callTexts.writeContactForm, 'Videollamada');
  await visitor.waitForText('Teléfono celular', { scope: 'Contacto' });
}
