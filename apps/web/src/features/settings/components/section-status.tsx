import { Alert } from '../../../shared/ui/alert';
import { settingsUiTexts } from '@seguridad/contracts/messages/settings-ui';
import styles from '../settings-page.module.css';

/** While a section's data loads, or when it could not. */
export function SectionStatus({ failed }: { failed: boolean }) {
  if (failed) return <Alert tone="error">{settingsUiTexts.loadFailed}</Alert>;
  return (
    <p className={styles.loading} aria-busy="true">
      <span className={styles.spinner} aria-hidden="true" />
      {settingsUiTexts.loading}
    </p>
  );
}
