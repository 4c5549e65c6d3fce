import { describe, expect, it } from 'vitest';
import { faqAnchors } from '@seguridad/contracts/web-paths';
import { plainRichText, type RichTextValue } from '../../shared/ui/rich-text-value';
import { type FaqBlock, faqContent } from './faq-content';

const site = {
  brandName: 'Marca de Prueba',
  regionName: 'la Región de Prueba',
  contactEmail: 'hola@example.org',
};
const faq = faqContent(site);

function textsOf(block: FaqBlock): RichTextValue[] {
  switch (block.kind) {
    case 'paragraph':
      return [block.text];
    case 'list':
      return [...block.items];
    case 'plans':
      return block.plans.flatMap((plan) => [plan.name, plan.summary, ...plan.features]);
  }
}

const allText = [
  faq.title,
  faq.lead,
  ...faq.sections.flatMap((section) => [
    section.title,
    ...section.intro.flatMap(textsOf),
    ...section.questions.flatMap((item) => [item.question, ...item.answer.flatMap(textsOf)]),
  ]),
]
  .map(plainRichText)
  .join('\n');

describe('faqContent', () => {
  it('has the four anchored sections of spec §2, in order', () => {
    expect(faq.sections.map((section) => section.id)).toEqual([
      faqAnchors.platform,
      faqAnchors.parameters,
      faqAnchors.prices,
      faqAnchors.general,
    ]);
  });

  it('gives the gross yearly prices of both plans', () => {
    expect(allText).toContain('$149.990 al año');
    expect(allText).toContain('$349.990 al año');
    expect(allText).toMatch(/IVA/);
  });

  it('names the brand it is given and the contact e-mail', () => {
    expect(allText).toContain('Marca de Prueba');
    expect(allText).toContain('hola@example.org');
  });

  it('has between 8 and 12 general questions, each with a unique id', () => {
    const general = faq.sections.find((section) => section.id === faqAnchors.general)!;
    expect(general.questions.length).toBeGreaterThanOrEqual(8);
    expect(general.questions.length).toBeLessThanOrEqual(12);
    const ids = faq.sections.flatMap((section) => section.questions.map((item) => item.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  // The PDF uses the standard Helvetica fonts, whose WinAnsi encoding has no other characters.
  it('uses only characters the PDF fonts can draw', () => {
    const winAnsiExtras = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
    const unsupported = [...allText].filter((char) => {
      const code = char.codePointAt(0)!;
      const latin1 = code === 10 || (code >= 32 && code <= 126) || (code >= 160 && code <= 255);
      return !latin1 && !winAnsiExtras.includes(char);
    });
    expect(unsupported).toEqual([]);
  });
});
