import { useId, type ReactNode, type Ref } from 'react';
import styles from './auth-card.module.css';

type AuthCardProps = {
  title: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
  /** The heading, so a page can move focus to it after a step changes. */
  titleRef?: Ref<HTMLHeadingElement>;
  wide?: boolean;
};

/** The centred card every account page sits in, titled by its h1. */
export function AuthCard({ title, lead, children, titleRef, wide = false }: AuthCardProps) {
  const titleId = useId();
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <div className={wide ? `${styles.card} ${styles.wide}` : styles.card}>
        <h1 id={titleId} ref={titleRef} tabIndex={-1} className={styles.title}>
          {title}
        </h1>
        {lead && <p className={styles.lead}>{lead}</p>}
        {children}
      </div>
    </section>
  );
}
