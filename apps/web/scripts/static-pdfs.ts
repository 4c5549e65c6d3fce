import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { staticDocuments } from '@seguridad/contracts/web-paths';
import { writeFaqPdf } from './pdf/faq-pdf';
import { writePresentationPdf } from './pdf/presentation-pdf';

/** Writes the FAQ and app-presentation PDFs (spec §2) from the site's own content. */
export async function writeStaticPdfs(distDir: string): Promise<void> {
  const faqFile = path.join(distDir, staticDocuments.faqPdf);
  const presentationFile = path.join(distDir, staticDocuments.appPresentationPdf);
  mkdirSync(path.dirname(faqFile), { recursive: true });
  await Promise.all([writeFaqPdf(faqFile), writePresentationPdf(presentationFile)]);
}
