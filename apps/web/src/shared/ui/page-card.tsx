import { useId, type ReactNode, type Ref } from 'react';
import styles from './page-card.module.css';

type PageCardProps = {
  title: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
  /** The heading, so a page can move focus to it after a step changes. */
  titleRef?: Ref<HTMLHeadingElement>;
  wide?: boolean;
  /** A page that answers one thing (an invitation): its content centred under the title. */
  centred?: boolean;
};

/** The centred card a page of one task sits in (the account pages, an invitation), titled by its h1. */
export function PageCard({ title, lead, children, titleRef, wide = false, centred = false }: PageCardProps) {
  const titleId = useId();
  const cardClass = [styles.card, wide && styles.wide, centred && styles.centred].filter(Boolean).join(' ');
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <div className={cardClass}>
        <h1 id={titleId} ref={titleRef} tabIndex={-1} className={styles.title}>
          {title}
        </h1>
        {lead && <p className={styles.lead}>{lead}</p>}
        {children}
      </div>
    </section>
  );
}
