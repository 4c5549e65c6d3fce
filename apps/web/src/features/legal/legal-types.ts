import { type RichTextValue } from '../../shared/ui/rich-text-value';

/** A legal text as data: the page renders it with a table of contents, tests read it as text. */

/** The white-label settings a legal text names (a subset of `config/site`). */
export type SiteIdentity = { brandName: string; regionName: string; contactEmail: string };

export type LegalBlock =
  | { kind: 'paragraph'; text: RichTextValue }
  | { kind: 'list'; items: readonly RichTextValue[] }
  /** Term and description pairs, e.g. «Qué datos» / «Para qué» / «Base legal». */
  | { kind: 'facts'; items: readonly { term: string; text: RichTextValue }[] }
  /** Stands out from the text: for what a person must not miss (emergency numbers, medical limits). */
  | { kind: 'notice'; text: RichTextValue };

type LegalSubsection = { id: string; heading: string; blocks: readonly LegalBlock[] };

type LegalSection = {
  /** The anchor of the section, in Spanish, stable across versions so that links keep working. */
  id: string;
  heading: string;
  blocks: readonly LegalBlock[];
  subsections?: readonly LegalSubsection[];
};

export type LegalDocument = {
  title: string;
  /** Month of the last change, as written on the page, and its machine-readable form. */
  updated: { label: string; dateTime: string };
  /** Shown before the table of contents. */
  summary: readonly LegalBlock[];
  sections: readonly LegalSection[];
};
