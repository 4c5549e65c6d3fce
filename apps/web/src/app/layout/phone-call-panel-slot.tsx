import { phoneCallTexts } from '@seguridad/contracts/messages';
import type { PhoneCallPanelProps } from '../../features/call/phone-call-panel';
import { Alert } from '../../shared/ui/alert';
import { Button } from '../../shared/ui/button';
import { lazyPanel, useLazyPanel } from './lazy-panel';
import styles from './video-call-panel-slot.module.css';

/** The call engine loads when the Llamada panel first shows, as for the Videollamada panel. */
const panel = lazyPanel(async () => (await import('../../features/call/phone-call-panel')).PhoneCallPanel);

/** The call feature's phone-call panel inside the contact drawer (features do not import each other). */
export function PhoneCallPanelSlot(props: PhoneCallPanelProps) {
  const { Panel, failed, retry } = useLazyPanel(panel);

  if (Panel) return <Panel {...props} />;
  if (!failed) {
    return (
      <p className={styles.loading} role="status">
        {phoneCallTexts.preparing}
      </p>
    );
  }
  return (
    <Alert tone="error">
      <p className={styles.failure}>{phoneCallTexts.callFailed}</p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={retry}>
          Reintentar
        </Button>
      </div>
    </Alert>
  );
}
