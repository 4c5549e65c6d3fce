import { useId, type ReactNode } from 'react';
import styles from '../settings-page.module.css';

type SectionFrameProps = {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
};

/** One section of the settings page, titled by its h2 (the page moves focus there on change). */
export function SectionFrame({ title, lead, children }: SectionFrameProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={styles.section}>
      <h2 id={titleId} tabIndex={-1} className={styles.sectionTitle}>
        {title}
      </h2>
      {lead && <p className={styles.lead}>{lead}</p>}
      {children}
    </section>
  );
}
