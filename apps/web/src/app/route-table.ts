import { webPaths } from '@seguridad/contracts/web-paths';
import { siteConfig } from '../config/site';

/**
 * Every page of the website in one table: where its component lives (under `src/features/`),
 * what search engines read about it, which chrome it wears and whether the build prerenders it.
 * The router and the prerender script both read it.
 */
export type RouteEntry = {
  path: string;
  /**
   * Module under src/features, e.g. 'landing/landing-page.tsx', and the component it exports; with
   * `composed`, a module under src/app/routes that composes several features (never prerendered).
   */
  module: string;
  composed?: true;
  component: string;
  title: string;
  description: string;
  /** 'site': header and footer; 'bare': the text alone, for the mobile app's web views. */
  layout: 'site' | 'bare';
  prerender: boolean;
};

const brand = siteConfig.brandName;

const termsPage = {
  module: 'legal/terms-page.tsx',
  component: 'TermsPage',
  title: `Términos y condiciones — ${brand}`,
  description: `Condiciones de uso de la app y de los servicios de ${brand}.`,
};

const privacyPage = {
  module: 'legal/privacy-page.tsx',
  component: 'PrivacyPage',
  title: `Política de privacidad — ${brand}`,
  description: `Cómo ${brand} trata tus datos personales según la Ley 19.628 y cómo ejercer tus derechos.`,
};

export const routeTable: RouteEntry[] = [
  {
    path: webPaths.home,
    module: 'landing/landing-page.tsx',
    component: 'LandingPage',
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
    module: 'faq/faq-page.tsx',
    component: 'FaqPage',
    title: `Preguntas frecuentes — ${brand}`,
    description: `Todo sobre la plataforma ${brand}: qué mide, cuánto cuesta y cómo funciona.`,
    layout: 'site',
    prerender: true,
  },
  {
    path: webPaths.results,
    module: 'results/results-page.tsx',
    component: 'ResultsPage',
    title: `Resultados Sorteo de Cámaras — ${brand}`,
    description: `Ganadores del sorteo de 50 cámaras IP entre quienes se registraron en ${brand}.`,
    layout: 'site',
    prerender: true,
  },
  {
    path: webPaths.storeRedirect,
    module: 'store/store-redirect-page.tsx',
    component: 'StoreRedirectPage',
    title: `Descarga la app — ${brand}`,
    description: `Descarga ${brand} desde App Store o Google Play.`,
    layout: 'site',
    prerender: true,
  },
  {
    path: webPaths.login,
    module: 'auth/login-page.tsx',
    component: 'LoginPage',
    title: `Iniciar sesión — ${brand}`,
    description: `Ingresa a tu cuenta de ${brand} para administrar tus dispositivos, tus redes de seguridad y la verificación en dos pasos.`,
    layout: 'site',
    prerender: false,
  },
  {
    path: webPaths.register,
    module: 'auth/register-page.tsx',
    component: 'RegisterPage',
    title: `Crear cuenta — ${brand}`,
    description: `Crea gratis tu cuenta de ${brand} y arma tu red personal de seguridad.`,
    layout: 'site',
    prerender: false,
  },
  {
    path: webPaths.login2fa,
    module: 'auth/login-2fa-page.tsx',
    component: 'Login2faPage',
    title: `Verificación en dos pasos — ${brand}`,
    description: `Confirma tu ingreso a ${brand} con el código que enviamos por SMS o WhatsApp a tu teléfono.`,
    layout: 'site',
    prerender: false,
  },
  {
    path: webPaths.resetPasswordRequest,
    module: 'auth/reset-request-page.tsx',
    component: 'ResetRequestPage',
    title: `Restablecer contraseña — ${brand}`,
    description: `¿Olvidaste tu contraseña de ${brand}? Te enviamos un enlace a tu correo para elegir una nueva.`,
    layout: 'site',
    prerender: false,
  },
  {
    path: webPaths.resetPassword,
    module: 'auth/reset-password-page.tsx',
    component: 'ResetPasswordPage',
    title: `Nueva contraseña — ${brand}`,
    description: `Elige una contraseña nueva para tu cuenta de ${brand} y, si quieres, cierra la sesión en todos tus dispositivos.`,
    layout: 'site',
    prerender: false,
  },
  {
    path: webPaths.accountRecovery,
    module: 'auth/account-recovery-page.tsx',
    component: 'AccountRecoveryPage',
    title: `Recuperar cuenta — ${brand}`,
    description: `¿No reconoces un ingreso a tu cuenta de ${brand}? Cierra la sesión en todos los dispositivos y elige una contraseña nueva.`,
    layout: 'site',
    prerender: false,
  },
  {
    path: webPaths.deleteAccount,
    module: 'auth/delete-account-page.tsx',
    component: 'DeleteAccountPage',
    title: `Eliminar cuenta — ${brand}`,
    description: `Elimina tu cuenta de ${brand} y los datos personales asociados a ella.`,
    layout: 'site',
    prerender: false,
  },
  {
    path: webPaths.operator,
    module: 'operator/operator-page.tsx',
    component: 'OperatorPage',
    title: `Consola de operadores — ${brand}`,
    description: `Bandeja de video mails y mensajes de contacto de la central de ${brand}, y configuración del widget.`,
    layout: 'site',
    prerender: false,
  },
  {
    path: webPaths.widget,
    // The widget's drawer with the video call in it: two features, composed in the app layer.
    module: 'widget-route.tsx',
    composed: true,
    component: 'WidgetRoute',
    title: `Contacto — ${brand}`,
    description: `Contacta a la central de seguridad de ${brand}: videollamada, video mail o mensaje.`,
    layout: 'bare',
    prerender: false,
  },
];

export const notFoundRoute: RouteEntry = {
  path: '*',
  module: 'not-found/not-found-page.tsx',
  component: 'NotFoundPage',
  title: `Página no encontrada — ${brand}`,
  description: 'La página que buscas no existe o cambió de dirección.',
  layout: 'site',
  prerender: true,
};

/** What a page opened in the app shell shows before its route sets its own title. */
export const defaultMeta = { title: brand, description: routeTable[0]!.description };
