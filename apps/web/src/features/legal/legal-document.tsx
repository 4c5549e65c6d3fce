import { useLocation } from 'react-router';
import { webPaths } from '@seguridad/contracts/web-paths';
import { RichText } from '../../shared/ui/rich-text';
import { TableOfContents } from '../../shared/ui/table-of-contents';
import styles from './legal-document.module.css';
import { type LegalBlock, type LegalDocument } from './legal-types';

type ResolveHref = (href: string) => string;

/** Inside the app's web views, a link from one legal text to the other keeps to the header-less version. */
const appVersions: Record<string, string> = {
  [webPaths.terms]: webPaths.termsApp,
  [webPaths.privacy]: webPaths.privacyApp,
};

/** Whether the text is shown inside the app's web views (the header-less routes). */
function useInApp(): boolean {
  const { pathname } = useLocation();
  return pathname === webPaths.termsApp || pathname === webPaths.privacyApp;
}

function Block({ block, resolveHref }: { block: LegalBlock; resolveHref: ResolveHref }) {
  switch (block.kind) {
    case 'paragraph':
      return (
        <p>
          <RichText text={block.text} resolveHref={resolveHref} />
        </p>
      );
    case 'list':
      return (
        <ul className={styles.list}>
          {block.items.map((item, index) => (
            <li key={index}>
              <RichText text={item} resolveHref={resolveHref} />
            </li>
          ))}
        </ul>
      );
    case 'facts':
      return (
        <dl className={styles.facts}>
          {block.items.map((item) => (
            <div key={item.term} className={styles.fact}>
              <dt>{item.term}</dt>
              <dd>
                <RichText text={item.text} resolveHref={resolveHref} />
              </dd>
            </div>
          ))}
        </dl>
      );
    case 'notice':
      return (
        <p className={styles.notice}>
          <RichText text={block.text} resolveHref={resolveHref} />
        </p>
      );
  }
}

const TOC_ID = 'indice';

/**
 * A legal text with its table of contents: a box above the text on phones, a column that stays in
 * view beside it on wide screens. Sections are numbered so that a person can cite them.
 */
export function LegalDocumentView({ document }: { document: LegalDocument }) {
  const inApp = useInApp();
  const resolveHref: ResolveHref = (href) => (inApp ? (appVersions[href] ?? href) : href);

  return (
    <article className={inApp ? `${styles.page} ${styles.inApp}` : styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{document.title}</h1>
        <p className={styles.updated}>
          Última actualización: <time dateTime={document.updated.dateTime}>{document.updated.label}</time>
        </p>
        {document.summary.map((block, index) => (
          <Block key={index} block={block} resolveHref={resolveHref} />
        ))}
      </header>

      <TableOfContents
        id={TOC_ID}
        title="Contenido"
        entries={document.sections.map((section) => ({ id: section.id, label: section.heading }))}
        className={styles.toc}
      />

      <div className={styles.body}>
        {document.sections.map((section, index) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-titulo`}
            className={styles.section}
          >
            <h2 id={`${section.id}-titulo`} className={styles.sectionTitle}>
              {index + 1}. {section.heading}
            </h2>
            {section.blocks.map((block, blockIndex) => (
              <Block key={blockIndex} block={block} resolveHref={resolveHref} />
            ))}
            {section.subsections?.map((subsection) => (
              <div key={subsection.id} id={subsection.id} className={styles.subsection}>
                <h3 className={styles.subsectionTitle}>{subsection.heading}</h3>
                {subsection.blocks.map((block, blockIndex) => (
                  <Block key={blockIndex} block={block} resolveHref={resolveHref} />
                ))}
              </div>
            ))}
            <p className={styles.backToToc}>
              <a href={`#${TOC_ID}`}>Volver al contenido</a>
            </p>
          </section>
        ))}
      </div>
    </article>
  );
}
