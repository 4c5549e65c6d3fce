import { createContext, useContext, type ReactNode } from 'react';
import { siteConfig } from '../../config/site';

/**
 * The company whose widget this is. Our own site serves the configured company; the embeddable
 * widget's frame provides the key the host page's script tag gave it. Requests that need the key
 * are handed it explicitly (`apiRequest(…, { companyKey })`), so nothing depends on render order.
 */
const CompanyKeyContext = createContext<string>(siteConfig.companyKey);

export function CompanyKeyProvider({ companyKey, children }: { companyKey: string; children: ReactNode }) {
  return <CompanyKeyContext.Provider value={companyKey}>{children}</CompanyKeyContext.Provider>;
}

/** The key of the nearest provider, or the site's configured company outside any. */
export function useCompanyKey(): string {
  return useContext(CompanyKeyContext);
}
