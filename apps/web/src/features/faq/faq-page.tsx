import { staticDocuments } from '@seguridad/contracts/web-paths';
import { siteConfig } from '../../config/site';
import { RichText } from '../../shared/ui/rich-text';
import { TableOfContents } from '../../shared/ui/table-of-contents';
import { type FaqBlock, faqContent, formatPlanPrice, type FaqSection } from './faq-content';
import styles from './faq-page.module.css';

const faq = faqContent(siteConfig);

function DownloadIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={styles.icon}>
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M12 3v12m-5-5 5 5 5-5M4 17v3h16v-3"
      />
    </svg>
  );
}

function Block({ block }: { block: FaqBlock }) {
  switch (block.kind) {
    case 'paragraph':
      return (
        <p>
          <RichText text={block.text} />
        </p>
      );
    case 'list':
      return (
        <ul className={styles.list}>
          {block.items.map((item, index) => (
            <li key={index}>
              <RichText text={item} />
            </li>
          ))}
        </ul>
      );
    case 'plans':
      return (
        <ul className={styles.plans} aria-label="Planes de monitoreo de salud">
          {block.plans.map((plan) => (
            <li key={plan.name} className={styles.plan}>
              <h3 className={styles.planName}>{plan.name}</h3>
              <p className={styles.price}>
                <span className={styles.amount}>{formatPlanPrice(plan.yearlyPriceClp)}</span>{' '}
                <span className={styles.period}>al año, IVA incluido</span>
              </p>
              <p className={styles.planSummary}>{plan.summary}</p>
              <ul className={styles.features}>
                {plan.features.map((feature, index) => (
                  <li key={index}>
                    <RichText text={feature} />
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      );
  }
}

function Section({ section }: { section: FaqSection }) {
  const headingId = `${section.id}-titulo`;
  return (
    <section id={section.id} aria-labelledby={headingId} className={styles.section}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {section.title}
      </h2>
      {section.intro.map((block, index) => (
        <Block key={index} block={block} />
      ))}
      {section.questions.length > 0 && (
        <div className={styles.questions}>
          {section.questions.map((item) => (
            // <details> opens and closes without JavaScript and the browser's find-in-page reaches it.
            <details key={item.id} id={item.id} className={styles.question}>
              <summary className={styles.summary}>{item.question}</summary>
              <div className={styles.answer}>
                {item.answer.map((block, index) => (
                  <Block key={index} block={block} />
                ))}
              </div>
            </details>
          ))}
        </div>
      )}
    </section>
  );
}

export function FaqPage() {
  return (
    <article className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{faq.title}</h1>
        <p className={styles.lead}>{faq.lead}</p>
        <p className={styles.download}>
          <a href={staticDocuments.faqPdf} type="application/pdf">
            <DownloadIcon />
            Descargar las preguntas frecuentes (PDF)
          </a>
        </p>
      </header>

      <TableOfContents
        id="faq-indice"
        title="En esta página"
        entries={faq.sections.map((section) => ({ id: section.id, label: section.title }))}
        className={styles.index}
      />

      {faq.sections.map((section) => (
        <Section key={section.id} section={section} />
      ))}

      <p className={styles.updated}>Última actualización: {faq.updated}.</p>
    </article>
  );
}
