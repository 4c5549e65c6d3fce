import { createWriteStream } from 'node:fs';
import PDFDocument from 'pdfkit';

/** Blocks of a static document; the website's own content is turned into these. */
export type PdfBlock =
  | { kind: 'title'; text: string }
  | { kind: 'subtitle'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'bullets'; items: string[] }
  | { kind: 'question'; question: string; answer: string };

const BRAND = '#0b3a75';
const INK = '#14202e';
const MUTED = '#46556a';

/**
 * Writes an A4 PDF with the standard Helvetica fonts (their WinAnsi encoding covers Spanish
 * accents, ñ, ¿ and ¡), page numbers in the footer, and document metadata for search and screen
 * readers.
 */
export function writePdf(
  file: string,
  meta: { title: string; author: string },
  blocks: PdfBlock[],
): Promise<void> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 64, bottom: 64, left: 64, right: 64 },
    info: { Title: meta.title, Author: meta.author, Subject: meta.title },
    lang: 'es-CL',
    displayTitle: true,
    bufferPages: true,
  });
  const done = new Promise<void>((resolve, reject) => {
    const stream = createWriteStream(file);
    stream.on('finish', () => resolve());
    stream.on('error', reject);
    doc.pipe(stream);
  });

  for (const block of blocks) {
    switch (block.kind) {
      case 'title':
        doc.font('Helvetica-Bold').fontSize(24).fillColor(BRAND).text(block.text).moveDown(0.4);
        break;
      case 'subtitle':
        doc.font('Helvetica').fontSize(13).fillColor(MUTED).text(block.text).moveDown(1);
        break;
      case 'heading':
        doc.moveDown(0.6).font('Helvetica-Bold').fontSize(15).fillColor(BRAND).text(block.text).moveDown(0.3);
        break;
      case 'paragraph':
        doc.font('Helvetica').fontSize(11).fillColor(INK).text(block.text, { align: 'left' }).moveDown(0.5);
        break;
      case 'bullets':
        doc
          .font('Helvetica')
          .fontSize(11)
          .fillColor(INK)
          .list(block.items, { bulletRadius: 2, textIndent: 12 });
        doc.moveDown(0.5);
        break;
      case 'question':
        doc.font('Helvetica-Bold').fontSize(11.5).fillColor(INK).text(block.question).moveDown(0.15);
        doc.font('Helvetica').fontSize(11).fillColor(INK).text(block.answer).moveDown(0.6);
        break;
    }
  }

  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text(`${meta.title} — página ${index + 1} de ${range.count}`, 64, doc.page.height - 44, {
        width: doc.page.width - 128,
        align: 'center',
        lineBreak: false,
      });
  }
  doc.end();
  return done;
}
