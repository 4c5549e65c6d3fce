import styles from './auth-form.module.css';

/** A short busy line while a page checks something with the server. */
export function LoadingState({ label }: { label: string }) {
  return (
    <p className={styles.loading} role="status" aria-busy="true">
      <span className={styles.spinner} aria-hidden="true" />
      {label}
    </p>
  );
}
