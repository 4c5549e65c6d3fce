import { siteConfig } from '../../config/site';

/**
 * The company whose widget this page is. Our own site uses the configured key; the embeddable
 * widget iframe takes the key the host page's script tag gave it.
 */
let currentKey = siteConfig.companyKey;

export function getCompanyKey(): string {
  return currentKey;
}

export function setCompanyKey(key: string): void {
  currentKey = key;
}
