/** A link inside a sentence: site paths start with '/', the rest are mailto:, tel: or https:. */
export type TextLink = { text: string; href: string };

/** A sentence as data: plain text, or text with links in it. Pages render it, PDFs print it plain. */
export type RichTextValue = string | readonly (string | TextLink)[];

/** The sentence without its links' addresses, for PDFs and for tests. */
export function plainRichText(text: RichTextValue): string {
  if (typeof text === 'string') return text;
  return text.map((part) => (typeof part === 'string' ? part : part.text)).join('');
}
