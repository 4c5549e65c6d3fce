import type { OperatorConnection } from '../operator-events';
import styles from './console-status.module.css';

const labels: Record<OperatorConnection['status'], string> = {
  connecting: 'Conectando…',
  live: 'En vivo',
  reconnecting: 'Reconectando…',
};

/** Whether new items arrive by themselves right now; a drop is said once, politely. */
export function ConnectionIndicator({ connection }: { connection: OperatorConnection }) {
  return (
    <p role="status" className={`${styles.connection} ${styles[connection.status]}`}>
      <span className={styles.dot} aria-hidden="true" />
      {labels[connection.status]}
    </p>
  );
}
