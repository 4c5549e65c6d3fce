import type { ReactNode, Ref } from 'react';
import styles from './alert.module.css';

export type AlertTone = 'info' | 'success' | 'warning' | 'error';

type AlertProps = {
  tone: AlertTone;
  title?: ReactNode;
  children: ReactNode;
  className?: string;
  ref?: Ref<HTMLDivElement>;
  /** Focusable from code (tabIndex -1) to move focus to an outcome after a step. */
  focusable?: boolean;
};

const icons: Record<AlertTone, string> = { info: 'i', success: '✓', warning: '!', error: '!' };

/**
 * A message block: warnings and errors are announced at once (role="alert"), information and
 * success politely (role="status").
 */
export function Alert({ tone, title, children, className, ref, focusable = false }: AlertProps) {
  return (
    <div
      ref={ref}
      role={tone === 'warning' || tone === 'error' ? 'alert' : 'status'}
      tabIndex={focusable ? -1 : undefined}
      className={[styles.alert, styles[tone], className].filter(Boolean).join(' ')}
    >
      <span className={styles.icon} aria-hidden="true">
        {icons[tone]}
      </span>
      <div className={styles.body}>
        {title && <p className={styles.title}>{title}</p>}
        <div className={styles.text}>{children}</div>
      </div>
    </div>
  );
}
