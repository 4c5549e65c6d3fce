import { type ComponentType } from 'react';
import { sessionRequiredPaths, settingsSectionPaths, webPaths } from '@seguridad/contracts/web-paths';
import { siteConfig } from '../config/site';

/**
 * Every page of the website in one table: how to load its component, what search engines read
 * about it, which chrome it wears and whether the build prerenders it.
 * The router and the prerender script both read it.
 */
export type RouteEntry = {
  path: string;
  /** Loads the page's component: a typed import, so a renamed module or export fails typecheck. */
  load: () => Promise<ComponentType>;
  /**
   * The same module under src/features (e.g. 'landing/landing-page.tsx'), whose chunks the prerender
   * preloads. Pages composed in src/app/routes have none: they are never prerendered.
   */
  module?: string;
  title: string;
  description: string;
  /** 'site': header and footer; 'bare': the text alone, for the mobile app's web views. */
  layout: 'site' | 'bare';
  prerender: boolean;
  /**
   * A prerendered page that only reads (links, native details), or whose form keeps what is typed
   * before React (shared/forms/typed-before-react.ts): it stays plain HTML and React loads on the
   * visitor's first intent (a touch, a key, a pointer on a button or a field). See decision 019.
   */
  hydrateOnIntent?: boolean;
  /**
   * A page hydrating on intent that must show server data at once (the draw's winners): the build
   * marks it `data-prefill`, and `main.tsx` loads a small module without React that fetches and
   * fills it in (`features/results/results-prefill.ts`); React renders it afresh from that data.
   */
  prefill?: 'results';
};

const brand = siteConfig.brandName;

const termsPage = {
  load: () => import('../features/legal/terms-page').then((page) => page.TermsPage),
  module: 'legal/terms-page.tsx',
  hydrateOnIntent: true,
  title: `Términos y condiciones — ${brand}`,
  description: `Condiciones de uso de la app y de los servicios de ${brand}.`,
};

const privacyPage = {
  load: () => import('../features/legal/privacy-page').then((page) => page.PrivacyPage),
  module: 'legal/privacy-page.tsx',
  hydrateOnIntent: true,
  title: `Política de privacidad — ${brand}`,
  description: `Cómo ${brand} trata tus datos personales según la Ley 19.628 y cómo ejercer tus derechos.`,
};

const pageRoutes: RouteEntry[] = [
  {
    path: webPaths.home,
    load: () => import('../features/landing/landing-page').then((page) => page.LandingPage),
    module: 'landing/landing-page.tsx',
    hydrateOnIntent: true,
    title: `${brand} — la app de seguridad ciudadana de ${siteConfig.regionName}`,
    description: `Descarga gratis la app ${brand}: botón de alerta de emergencia, denuncias, videollamada con la central, cámaras WiFi y tu red personal de seguridad.`,
    layout: 'site',
    prerender: true,
  },
  { path: webPaths.terms, ...termsPage, layout: 'site', prerender: true },
  { path: webPaths.privacy, ...privacyPage, layout: 'site', prerender: true },
  // The same texts inside the mobile app's web views, without the site's chrome.
  { path: webPaths.termsApp, ...termsPage, layout: 'bare', prerender: true },
  { path: webPaths.privacyApp, ...privacyPage, layout: 'bare', prerender: true },
  {
    path: webPaths.faq,
    load: () => import('../features/faq/faq-page').then((page) => page.FaqPage),
    module: 'faq/faq-page.tsx',
    hydrateOnIntent: true,
    title: `Preguntas frecuentes — ${brand}`,
    description: `Todo sobre la plataforma ${brand}: qué mide, cuánto cuesta y cómo funciona.`,
    layout: 'site',
    prerender: true,
  },
  {
    path: webPaths.results,
    load: () => import('../features/results/results-page').then((page) => page.ResultsPage),
    module: 'results/results-page.tsx',
    hydrateOnIntent: true,
    prefill: 'results',
    title: `Resultados Sorteo de Cámaras — ${brand}`,
    description: `Ganadores del sorteo de 50 cámaras IP entre quienes se registraron en ${brand}.`,
    layout: 'site',
    prerender: true,
  },
  {
    path: webPaths.promo,
    load: () => import('../features/promo/promo-page').then((page) => page.PromoPage),
    module: 'promo/promo-page.tsx',
    title: `Sorteo de 50 cámaras — ${brand}`,
    description: `Regístrate en ${brand}, invita a 3 contactos y participa en el sorteo de 50 cámaras IP entre los primeros 1000 registrados.`,
    layout: 'site',
    prerender: false,
  },
  {
    path: webPaths.storeRedirect,
    load: () => import('../features/store/store-redirect-page').then((page) => page.StoreRedirectPage),
    module: 'store/store-redirect-page.tsx',
    title: `Descarga la app — ${brand}`,
    description: `Descarga ${brand} desde App Store o Google Play.`,
    layout: 'site',
    prerender: true,
  },
  {
    path: webPaths.login,
    load: () => import('../features/auth/login-page').then((page) => page.LoginPage),
    module: 'auth/login-page.tsx',
    hydrateOnIntent: true,
    title: `Iniciar sesión — ${brand}`,
    description: `Ingresa a tu cuenta de ${brand} para administrar tus dispositivos, tus redes de seguridad y la verificación en dos pasos.`,
    layout: 'site',
    prerender: true,
  },
  {
    path: webPaths.register,
    load: () => import('../features/auth/register-page').then((page) => page.RegisterPage),
    module: 'auth/register-page.tsx',
    hydrateOnIntent: true,
    title: `Crear cuenta — ${brand}`,
    description: `Crea gratis tu cuenta de ${brand} y arma tu red personal de seguridad.`,
    layout: 'site',
    prerender: true,
  },
  {
    path: webPaths.login2fa,
    load: () => import('../features/auth/login-2fa-page').then((page) => page.Login2faPage),
    module: 'auth/login-2fa-page.tsx',
    title: `Verificación en dos pasos — ${brand}`,
    description: `Confirma tu ingreso a ${brand} con el código que enviamos por SMS o WhatsApp a tu teléfono.`,
    layout: 'site',
    prerender: false,
  },
  {
    path: webPaths.resetPasswordRequest,
    load: () => import('../features/auth/reset-request-page').then((page) => page.ResetRequestPage),
    module: 'auth/reset-request-page.tsx',
    title: `Restablecer contraseña — ${brand}`,
    description: `¿Olvidaste tu contraseña de ${brand}? Te enviamos un enlace a tu correo para elegir una nueva.`,
    layout: 'site',
    prerender: false,
  },
  {
    path: webPaths.resetPassword,
    load: () => import('../features/auth/reset-password-page').then((page) => page.ResetPasswordPage),
    module: 'auth/reset-password-page.tsx',
    title: `Nueva contraseña — ${brand}`,
    description: `Elige una contraseña nueva para tu cuenta de ${brand} y, si quieres, cierra la sesión en todos tus dispositivos.`,
    layout: 'site',
    prerender: false,
  },
  {
    path: webPaths.accountRecovery,
    load: () => import('../features/auth/account-recovery-page').then((page) => page.AccountRecoveryPage),
    module: 'auth/account-recovery-page.tsx',
    title: `Recuperar cuenta — ${brand}`,
    description: `¿No reconoces un ingreso a tu cuenta de ${brand}? Cierra la sesión en todos los dispositivos y elige una contraseña nueva.`,
    layout: 'site',
    prerender: false,
  },
  {
    path: webPaths.verifyEmail,
    load: () => import('../features/auth/verify-email-page').then((page) => page.VerifyEmailPage),
    module: 'auth/verify-email-page.tsx',
    title: `Confirmar correo — ${brand}`,
    description: `Confirma el correo de tu cuenta de ${brand} con el enlace que te enviamos al registrarte.`,
    layout: 'site',
    prerender: false,
  },
  {
    path: webPaths.deleteAccount,
    load: () => import('../features/auth/delete-account-page').then((page) => page.DeleteAccountPage),
    module: 'auth/delete-account-page.tsx',
    title: `Eliminar cuenta — ${brand}`,
    description: `Elimina tu cuenta de ${brand} y los datos personales asociados a ella.`,
    layout: 'site',
    prerender: false,
  },
  {
    path: webPaths.networkInvite,
    load: () => import('../features/networks/network-invite-page').then((page) => page.NetworkInvitePage),
    module: 'networks/network-invite-page.tsx',
    title: `Invitación a red de seguridad — ${brand}`,
    description: `Acepta o rechaza la invitación a la red de seguridad de un contacto en ${brand}.`,
    layout: 'site',
    prerender: false,
  },
  {
    path: webPaths.staffInvitation,
    load: () => import('../features/staff/staff-invitation-page').then((page) => page.StaffInvitationPage),
    module: 'staff/staff-invitation-page.tsx',
    title: `Invitación al equipo — ${brand}`,
    description: `Acepta la invitación al equipo de una central de ${brand}.`,
    layout: 'site',
    prerender: false,
  },
  {
    path: webPaths.operator,
    load: () => import('../features/operator/operator-page').then((page) => page.OperatorPage),
    module: 'operator/operator-page.tsx',
    title: `Consola de operadores — ${brand}`,
    description: `Bandeja de video mails y mensajes de contacto de la central de ${brand}, y configuración del widget.`,
    layout: 'site',
    prerender: false,
  },
  {
    path: webPaths.checkout,
    // The checkout with the account feature's sign-in: two features, composed in the app layer.
    load: () => import('./routes/checkout-route').then((page) => page.CheckoutRoute),
    title: `Comprar — ${brand}`,
    description: `Compra el plan de monitoreo de salud de ${brand}: aplicación móvil y smartband.`,
    layout: 'site',
    prerender: false,
  },
  {
    path: webPaths.myPurchases,
    load: () => import('../features/payments/my-purchases-page').then((page) => page.MyPurchasesPage),
    module: 'payments/my-purchases-page.tsx',
    title: `Mis compras — ${brand}`,
    description: `Tus compras en ${brand} y sus comprobantes de pago.`,
    layout: 'site',
    prerender: false,
  },
  {
    path: webPaths.wheel,
    load: () => import('../features/wheel/wheel-page').then((page) => page.WheelPage),
    module: 'wheel/wheel-page.tsx',
    title: `Ruleta de premios — ${brand}`,
    description: `Gira la ruleta de ${brand} y gana cámaras IP, giros extra u oportunidades en el sorteo.`,
    layout: 'site',
    prerender: false,
  },
  {
    path: webPaths.widget,
    // The widget's drawer with the video call in it: two features, composed in the app layer.
    load: () => import('./routes/widget-route').then((page) => page.WidgetRoute),
    title: `Contacto — ${brand}`,
    description: `Contacta a la central de seguridad de ${brand}: videollamada, video mail o mensaje.`,
    layout: 'bare',
    prerender: false,
  },
];

/**
 * The settings page and each of its sections at its own address: one lazy chunk, loaded only there,
 * composing the settings and networks features in the app layer.
 */
const settingsPage = {
  load: () => import('./routes/settings-route').then((page) => page.SettingsRoute),
  title: `Configuración — ${brand}`,
  description: `Administra tu cuenta de ${brand}: datos personales, dispositivos, redes de seguridad, sesiones y verificación en dos pasos.`,
  layout: 'site',
  prerender: false,
} as const;

const settingsRoutes: RouteEntry[] = [webPaths.settings, ...Object.values(settingsSectionPaths)].map(
  (path) => ({ path, ...settingsPage }),
);

export const notFoundRoute: RouteEntry = {
  path: '*',
  load: () => import('../features/not-found/not-found-page').then((page) => page.NotFoundPage),
  module: 'not-found/not-found-page.tsx',
  hydrateOnIntent: true,
  title: `Página no encontrada — ${brand}`,
  description: 'La página que buscas no existe o cambió de dirección.',
  layout: 'site',
  prerender: true,
};

/**
 * Pages whose features have not landed yet but that links already point to: a visitor without a
 * session is sent to log in first (and comes back here), a signed-in one sees the not-found page.
 */
const loadSessionRequired = () =>
  import('./routes/session-required-route').then((page) => page.SessionRequiredRoute);

const pagePaths = new Set([...pageRoutes, ...settingsRoutes].map((entry) => entry.path));

/** The session-required paths that still show the placeholder. */
export const placeholderPaths: readonly string[] = sessionRequiredPaths.filter(
  (path) => !pagePaths.has(path),
);

const sessionRequiredRoutes: RouteEntry[] = placeholderPaths.map((path) => ({
  path,
  load: loadSessionRequired,
  title: notFoundRoute.title,
  description: notFoundRoute.description,
  layout: 'site',
  prerender: false,
}));

export const routeTable: RouteEntry[] = [...pageRoutes, ...settingsRoutes, ...sessionRequiredRoutes];
