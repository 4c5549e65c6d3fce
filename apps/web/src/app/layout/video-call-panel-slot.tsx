import { useEffect, useState, type ComponentType } from 'react';
import { callTexts } from '@seguridad/contracts/messages';
import type { VideoCallPanelProps } from '../../features/call/video-call-panel';
import { Alert } from '../../shared/ui/alert';
import { Button } from '../../shared/ui/button';
import styles from './video-call-panel-slot.module.css';

type PanelComponent = ComponentType<VideoCallPanelProps>;

let loadedPanel: PanelComponent | null = null;

/** The call's code (socket, WebRTC session, chat) loads when the Videollamada panel first shows. */
async function loadPanel(): Promise<PanelComponent> {
  loadedPanel ??= (await import('../../features/call/video-call-panel')).VideoCallPanel;
  return loadedPanel;
}

/**
 * The call feature's panel inside the contact drawer, composed here because features do not import
 * each other. A failed download (offline, a new deployment) offers another try or the video mail,
 * instead of taking the page down.
 */
export function VideoCallPanelSlot(props: VideoCallPanelProps) {
  const [Panel, setPanel] = useState<PanelComponent | null>(() => loadedPanel);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (Panel) return;
    let cancelled = false;
    loadPanel()
      .then((component) => {
        if (!cancelled) setPanel(() => component);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [Panel, attempt]);

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
        <Button
          variant="secondary"
          onClick={() => {
            setFailed(false);
            setAttempt((count) => count + 1);
          }}
        >
          Reintentar
        </Button>
        <Button variant="ghost" onClick={() => props.host.fallBackToVideoMail(callTexts.callFailed)}>
          Dejar un video mail
        </Button>
      </div>
    </Alert>
  );
}
