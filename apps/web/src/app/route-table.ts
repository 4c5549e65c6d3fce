import { webPaths } from '@seguridad/contracts/web-paths';
import { siteConfig } from '../config/site';

/**
 * Every page of the website in one table: where its component lives (under `src/features/`),
 * what search engines read about it, which chrome it wears and whether the build prerenders it.
 * The router and the prerender script both read it.
 */
export type RouteEntry = {
  path: string;
  /** Module under src/features, e.g. 'landing/landing-page.tsx', and the component it exports. */
  module: string;
  component: string;
  title: string;
  description: string;
  /** 'site': header and footer; 'bare': the text alone, for the mobile app's web views. */
  layout: 'site' | 'bare';
  prerender: boolean;
};

const brand = siteConfig.brandName;

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
  {
    path: webPaths.terms,
    module: 'legal/terms-page.tsx',
    component: 'TermsPage',
    title: `Términos y condiciones — ${brand}`,
    description: `Condiciones de uso de la app y de los servicios de ${brand}.`,
    layout: 'site',
    prerender: true,
  },
  {
    path: webPaths.privacy,
    module: 'legal/privacy-page.tsx',
    component: 'PrivacyPage',
    title: `Política de privacidad — ${brand}`,
    description: `Cómo ${brand} trata tus datos personales según la Ley 19.628 y cómo ejercer tus derechos.`,
    layout: 'site',
    prerender: true,
  },
  {
    path: webPaths.termsApp,
    module: 'legal/terms-page.tsx',
    component: 'TermsPage',
    title: `Términos y condiciones — ${brand}`,
    description: `Condiciones de uso de la app y de los servicios de ${brand}.`,
    layout: 'bare',
    prerender: true,
  },
  {
    path: webPaths.privacyApp,
    module: 'legal/privacy-page.tsx',
    component: 'PrivacyPage',
    title: `Política de privacidad — ${brand}`,
    description: `Cómo ${brand} trata tus datos personales según la Ley 19.628 y cómo ejercer tus derechos.`,
    layout: 'bare',
    prerender: true,
  },
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
