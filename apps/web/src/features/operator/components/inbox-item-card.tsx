import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../../shared/ui/button';
import { formatDateTime } from '../format';
import styles from './inbox.module.css';

type InboxItemCardProps = {
  name: string;
  email: string;
  phone: string;
  message: string;
  createdAt: string;
  handledAt: string | null;
  /** Badges after the status, e.g. "Derivado de videollamada". */
  badges?: ReactNode;
  /** More lines under the date, e.g. the duration. */
  details?: ReactNode;
  /** The player, beside the text on wide screens and above it on narrow ones. */
  media?: ReactNode;
  /** More steps under the mark button, e.g. the legal hold. */
  actions?: ReactNode;
  marking: boolean;
  markError: string | null;
  onMark: () => void;
};

/**
 * One video mail or contact message. Everything a citizen wrote is rendered as text: names and
 * messages come from anonymous visitors.
 */
export function InboxItemCard({
  name,
  email,
  phone,
  message,
  createdAt,
  handledAt,
  badges,
  details,
  media,
  actions,
  marking,
  markError,
  onMark,
}: InboxItemCardProps) {
  const titleId = useId();
  const statusRef = useRef<HTMLParagraphElement>(null);
  const [focusStatusWhenHandled, setFocusStatusWhenHandled] = useState(false);

  // The button goes away once handled: keep the keyboard where the person was, on the outcome.
  useEffect(() => {
    if (!handledAt || !focusStatusWhenHandled) return;
    statusRef.current?.focus();
    setFocusStatusWhenHandled(false);
  }, [handledAt, focusStatusWhenHandled]);

  const classes = [styles.card, handledAt ? styles.handled : styles.pending, media ? styles.withMedia : '']
    .filter(Boolean)
    .join(' ');

  return (
    <article className={classes} aria-labelledby={titleId}>
      {media && <div className={styles.media}>{media}</div>}
      <div className={styles.body}>
        <header className={styles.header}>
          <h3 id={titleId} className={styles.name}>
            {name}
          </h3>
          <span
            className={
              handledAt ? `${styles.badge} ${styles.badgeHandled}` : `${styles.badge} ${styles.badgePending}`
            }
          >
            {handledAt ? 'Atendido' : 'Pendiente'}
          </span>
          {badges}
        </header>
        <p className={styles.meta}>
          <time dateTime={createdAt}>{formatDateTime(createdAt)}</time>
          {details}
        </p>
        <dl className={styles.contact}>
          <div className={styles.contactRow}>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${email}`}>{email}</a>
            </dd>
          </div>
          <div className={styles.contactRow}>
            <dt>Teléfono</dt>
            <dd>
              <a href={`tel:${phone}`} className={styles.phone}>
                {phone}
              </a>
            </dd>
          </div>
        </dl>
        <p className={styles.message}>{message}</p>
        <footer className={styles.footer}>
          {handledAt ? (
            <p ref={statusRef} tabIndex={-1} className={styles.handledNote}>
              <span aria-hidden="true" className={styles.check}>
                ✓
              </span>
              Atendido · <time dateTime={handledAt}>{formatDateTime(handledAt)}</time>
            </p>
          ) : (
            <Button
              variant="secondary"
              busy={marking}
              aria-describedby={titleId}
              onClick={() => {
                setFocusStatusWhenHandled(true);
                onMark();
              }}
            >
              Marcar como atendido
            </Button>
          )}
          {markError && (
            <p role="alert" className={styles.markError}>
              {markError}
            </p>
          )}
          {actions}
        </footer>
      </div>
    </article>
  );
}
