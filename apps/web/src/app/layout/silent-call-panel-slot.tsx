import { callTexts } from '@seguridad/contracts/messages';
import type { SilentCallPanelProps } from '../../features/call/silent-call-panel';
import { Alert } from '../../shared/ui/alert';
import { Button } from '../../shared/ui/button';
import { lazyPanel, useLazyPanel } from './lazy-panel';
import styles from './video-call-panel-slot.module.css';

/** The call engine loads when the silent-call panel first shows, as for the other call panels. */
const panel = lazyPanel(async () => (await import('../../features/call/silent-call-panel')).SilentCallPanel);

/** The call feature's silent-call panel inside the contact drawer (features do not import each other). */
export function SilentCallPanelSlot(props: SilentCallPanelProps) {
  const { Panel, failed, retry } = useLazyPanel(panel);

  if (Panel) return <Panel {...props} />;
  if (!failed) return <p className={styles.loading} role="status" aria-busy="true" />;
  return (
    <Alert tone="error">
      <p className={styles.failure}>{callTexts.silentCallFailed}</p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={retry}>
          Reintentar
        </Button>
        <Button variant="ghost" onClick={props.host.openContactForm}>
          Escribir por el formulario
        </Button>
      </div>
    </Alert>
  );
}
