import { faqContent, type FaqBlock, formatPlanPrice } from '../../src/features/faq/faq-content';
import { plainRichText } from '../../src/shared/ui/rich-text-value';
import { siteConfig } from '../../src/config/site';
import { type PdfBlock, writePdf } from './pdf-document';

function toPdfBlocks(block: FaqBlock): PdfBlock[] {
  switch (block.kind) {
    case 'paragraph':
      return [{ kind: 'paragraph', text: plainRichText(block.text) }];
    case 'list':
      return [{ kind: 'bullets', items: block.items.map(plainRichText) }];
    case 'plans':
      return block.plans.flatMap((plan): PdfBlock[] => [
        {
          kind: 'question',
          question: `${plan.name}: ${formatPlanPrice(plan.yearlyPriceClp)} al año, IVA incluido`,
          answer: plan.summary,
        },
        { kind: 'bullets', items: plan.features.map(plainRichText) },
      ]);
  }
}

/** Writes the FAQ page (spec §2) as an A4 PDF, from the same content the page renders. */
export function writeFaqPdf(file: string): Promise<void> {
  const site = siteConfig;
  const faq = faqContent(site);
  const blocks: PdfBlock[] = [
    { kind: 'title', text: faq.title },
    { kind: 'subtitle', text: `${site.brandName} — actualizado en ${faq.updated}` },
    { kind: 'paragraph', text: faq.lead },
  ];
  for (const section of faq.sections) {
    blocks.push({ kind: 'heading', text: section.title });
    blocks.push(...section.intro.flatMap(toPdfBlocks));
    for (const item of section.questions) {
      const [first, ...rest] = item.answer;
      // The question block holds one paragraph; further paragraphs and lists follow it.
      if (first?.kind === 'paragraph') {
        blocks.push({ kind: 'question', question: item.question, answer: plainRichText(first.text) });
        blocks.push(...rest.flatMap(toPdfBlocks));
      } else {
        blocks.push({ kind: 'question', question: item.question, answer: '' });
        blocks.push(...item.answer.flatMap(toPdfBlocks));
      }
    }
  }
  return writePdf(
    file,
    { title: `Preguntas frecuentes — ${site.brandName}`, author: site.brandName },
    blocks,
  );
}
