/**
 * The browser routes of the website (spec §2). The server uses this list to answer unknown
 * paths with a real 404 and known ones with the app; the web router uses the same names.
 */
export const webPaths = {
  home: '/',
  results: '/ganadores-camaras',
  settings: '/configuracion',
  terms: '/terminos',
  privacy: '/politicas',
  termsApp: '/terminos-app',
  privacyApp: '/politicas-app',
  promo: '/registrate',
  register: '/register',
  login: '/login',
  login2fa: '/login2FA',
  resetPasswordRequest: '/resetpassrequest',
  resetPassword: '/reset-pass',
  deleteAccount: '/delete-account',
  accountRecovery: '/account_recovery',
  networkInvite: '/network_invite',
  storeRedirect: '/store-redirect',
  wheel: '/wheel',
  checkout: '/checkout',
  myPurchases: '/mis-compras',
  faq: '/preguntas-frecuentes',
  widget: '/widget',
  operator: '/operador',
  staffInvitation: '/equipo/invitacion',
  verifyEmail: '/verificar-correo',
} as const;

export type WebPath = (typeof webPaths)[keyof typeof webPaths];

/**
 * Each section of the settings page at its own address, so support can point a citizen at one
 * (`/configuracion` alone opens the account section).
 */
export const settingsSectionPaths = {
  account: '/configuracion/cuenta',
  devices: '/configuracion/dispositivos',
  networks: '/configuracion/redes',
  security: '/configuracion/seguridad',
  twoFactor: '/configuracion/dos-pasos',
  myData: '/configuracion/mis-datos',
} as const;

/** The authenticator app's block in the two-step section, which the console's gate links to. */
export const AUTHENTICATOR_SECTION_ID = 'aplicacion-de-autenticacion';

export type SettingsSectionPath = (typeof settingsSectionPaths)[keyof typeof settingsSectionPaths];

/** Paths that need a session: a visitor without one is sent to log in first. */
export const sessionRequiredPaths = [
  webPaths.settings,
  ...Object.values(settingsSectionPaths),
  webPaths.networkInvite,
  webPaths.wheel,
] as const;

/** Paths a page serves today; the server answers every other path with a real 404. */
export const servedWebPaths: readonly string[] = [
  ...Object.values(webPaths),
  ...Object.values(settingsSectionPaths),
];

/** In-page anchors of the landing page (spec §2), in the order the header lists them. */
export const landingAnchors = {
  app: 'App',
  alerts: 'alertas',
  reports: 'denuncias',
  cameras: 'camaras',
  network: 'red',
  webPanel: 'Panel-web',
  download: 'download',
} as const;

/** The landing page's header menu (spec §2): each label scrolls to its in-page anchor. */
export const landingMenu = [
  { label: 'App Móvil', anchor: landingAnchors.app },
  { label: 'Alerta de Seguridad', anchor: landingAnchors.alerts },
  { label: 'Denuncias', anchor: landingAnchors.reports },
  { label: 'Cámaras', anchor: landingAnchors.cameras },
  { label: 'Red de Seguridad', anchor: landingAnchors.network },
  { label: 'Panel Web', anchor: landingAnchors.webPanel },
  { label: 'Contacto', anchor: landingAnchors.download },
] as const;

/** Anchored sections of the FAQ page (spec §2). */
export const faqAnchors = {
  platform: 'plataforma',
  parameters: 'parametros',
  prices: 'precios',
  general: 'preguntas-generales',
} as const;

/** Static documents the website offers for download. */
export const staticDocuments = {
  faqPdf: '/docs/preguntas-frecuentes.pdf',
  appPresentationPdf: '/docs/presentacion-app.pdf',
} as const;
