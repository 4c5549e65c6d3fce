import { DEMO_COMPANY_KEY } from '@seguridad/contracts/constants';
import { SITE_COMPANY_KEY_META } from '@seguridad/contracts/site-config';

/**
 * White-label settings of the website, fixed at build time (`VITE_*` variables; the company key is
 * the server's at run time first). The defaults
 * are a neutral brand, so the same code serves any region that deploys it.
 */
type SiteEnv = Partial<Record<keyof ImportMetaEnv, string>>;

// Vite fills `import.meta.env` at build time; the build's own Node scripts (the static PDFs) read the
// same VITE_* variables from the process environment.
const env: SiteEnv =
  (import.meta.env as SiteEnv | undefined) ??
  (globalThis as { process?: { env: SiteEnv } }).process?.env ??
  {};

/**
 * The key the server wrote into the page it served: its default company's, read at run time, so a
 * new company or a rotated key needs no rebuild (decision 055). Absent under the Vite dev server
 * and in the build's Node scripts, where `VITE_COMPANY_KEY` (or the demo key) stands in.
 */
function companyKeyOfPage(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector<HTMLMetaElement>(`meta[name="${SITE_COMPANY_KEY_META}"]`)?.content;
}

function setting(value: string | undefined, fallback: string): string {
  return value && value.trim() !== '' ? value.trim() : fallback;
}

export const siteConfig = {
  brandName: setting(env.VITE_BRAND_NAME, 'Comunidad Segura'),
  regionName: setting(env.VITE_REGION_NAME, 'la Región'),
  appStoreUrl: setting(env.VITE_APP_STORE_URL, 'https://apps.apple.com/cl/app/comunidad-segura/id0000000000'),
  playStoreUrl: setting(
    env.VITE_PLAY_STORE_URL,
    'https://play.google.com/store/apps/details?id=cl.comunidadsegura.app',
  ),
  /** Identifies the call-centre tenant on widget calls; it is public by design. */
  companyKey: setting(companyKeyOfPage(), setting(env.VITE_COMPANY_KEY, DEMO_COMPANY_KEY)),
  contactEmail: setting(env.VITE_CONTACT_EMAIL, 'contacto@example.com'),
  /** Canonical origin for search engines; empty means links stay relative. */
  siteUrl: setting(env.VITE_SITE_URL, ''),
} as const;
