import { callTexts } from '@seguridad/contracts/messages';
import type { VideoCallPanelProps } from '../../features/call/video-call-panel';
import { Alert } from '../../shared/ui/alert';
import { Button } from '../../shared/ui/button';
import { lazyPanel, useLazyPanel } from './lazy-panel';
import styles from './video-call-panel-slot.module.css';

/** The call's code (socket, WebRTC session, chat) loads when the Videollamada panel first shows. */
const panel = lazyPanel(async () => (await import('../../features/call/video-call-panel')).VideoCallPanel);

/**
 * The call feature's panel inside the contact drawer, composed here because features do not import
 * each other. A failed download (offline, a new deployment) offers another try or the video mail,
 * instead of taking the page down.
 */
export function VideoCallPanelSlot(props: VideoCallPanelProps) {
  const { Panel, failed, retry } = useLazyPanel(panel);

  if (Panel) return <Panel {...props} />;
  if (!failed) {
    return (
      <p className={styles.loading} role="status">
        Preparando la videollamada…
      </p>
    );
  }
  return (
    <Alert tone="error">
      <p className={styles.failure}>{callTexts.callFailed}</p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={retry}>
          Reintentar
        </Button>
        <Button variant="ghost" onClick={() => props.host.fallBackToVideoMail(callTexts.callFailed)}>
          Dejar un video mail
        </Button>
      </div>
    </Alert>
  );
}
