/**
 * The `<meta name=…>` through which the server tells the website the key of its own company at run
 * time, so a new or rotated key needs no rebuild (decision 055). The page reads it once at start;
 * the build's `VITE_COMPANY_KEY` stays the fallback when it is absent (the Vite dev server).
 */
export const SITE_COMPANY_KEY_META = 'company-key';
