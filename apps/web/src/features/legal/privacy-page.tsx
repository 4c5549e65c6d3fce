import { siteConfig } from '../../config/site';
import { LegalDocumentView } from './legal-document';
import { privacyDocument } from './privacy-content';

const privacy = privacyDocument(siteConfig);

/** Rendered at /politicas (with the site's header and footer) and at /politicas-app (text alone). */
export function PrivacyPage() {
  return <LegalDocumentView document={privacy} />;
}
