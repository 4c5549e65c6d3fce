import { sharedUiTexts } from '@seguridad/contracts/messages';
import type { ReactNode } from 'react';
import styles from './snackbar.module.css';

export type SnackbarMessage = { tone: 'success' | 'error' | 'info'; text: ReactNode };

type SnackbarProps = {
  message: SnackbarMessage | null;
  onClose?: () => void;
};

/**
 * A short notice pinned to the bottom of the screen. The live regions stay in the page even when
 * empty, so screen readers announce a message the moment it appears.
 */
export function Snackbar({ message, onClose }: SnackbarProps) {
  const urgent = message?.tone === 'error';
  return (
    <div className={styles.region}>
      <div role="status" className={styles.liveSlot}>
        {message && !urgent && <Notice message={message} onClose={onClose} />}
      </div>
      <div role="alert" className={styles.liveSlot}>
        {message && urgent && <Notice message={message} onClose={onClose} />}
      </div>
    </div>
  );
}

function Notice({ message, onClose }: { message: SnackbarMessage; onClose?: () => void }) {
  return (
    <div className={`${styles.snackbar} ${styles[message.tone]}`}>
      <p className={styles.text}>{message.text}</p>
      {onClose && (
        <button type="button" className={styles.close} onClick={onClose}>
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">{sharedUiTexts.closeNotice}</span>
        </button>
      )}
    </div>
  );
}
