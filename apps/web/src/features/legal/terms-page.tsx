import { siteConfig } from '../../config/site';
import { LegalDocumentView } from './legal-document';
import { termsDocument } from './terms-content';

const terms = termsDocument(siteConfig);

/** Rendered at /terminos (with the site's header and footer) and at /terminos-app (text alone). */
export function TermsPage() {
  return <LegalDocumentView document={terms} />;
}
