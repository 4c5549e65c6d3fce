import type { ReactNode } from 'react';
import styles from './media-controls.module.css';

type MediaControlsProps = {
  microphoneEnabled: boolean;
  cameraEnabled: boolean;
  onMicrophoneChange: (enabled: boolean) => void;
  onCameraChange: (enabled: boolean) => void;
  /** False when the device check found no microphone / camera: the toggle is shown disabled. */
  microphoneAvailable?: boolean;
  cameraAvailable?: boolean;
  /** More controls in the same row (e.g. the red Terminar Llamada button). */
  children?: ReactNode;
  className?: string;
};

function MicrophoneIcon({ off }: { off: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21M8.5 21h7" />
      {off && <path d="M4 4l16 16" />}
    </svg>
  );
}

function CameraIcon({ off }: { off: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <rect x="3" y="6.5" width="12.5" height="11" rx="2" />
      <path d="M15.5 10.5l5-3v9l-5-3z" />
      {off && <path d="M3 4l18 16" />}
    </svg>
  );
}

/** Microphone and camera toggles; `aria-pressed` is on while the device is turned off. */
export function MediaControls({
  microphoneEnabled,
  cameraEnabled,
  onMicrophoneChange,
  onCameraChange,
  microphoneAvailable = true,
  cameraAvailable = true,
  children,
  className,
}: MediaControlsProps) {
  const microphoneOff = !microphoneEnabled || !microphoneAvailable;
  const cameraOff = !cameraEnabled || !cameraAvailable;
  return (
    <div className={[styles.controls, className].filter(Boolean).join(' ')}>
      <button
        type="button"
        className={styles.toggle}
        aria-pressed={!microphoneEnabled}
        disabled={!microphoneAvailable}
        onClick={() => onMicrophoneChange(!microphoneEnabled)}
      >
        <MicrophoneIcon off={microphoneOff} />
        <span className="visually-hidden">
          {microphoneEnabled ? 'Silenciar micrófono' : 'Activar micrófono'}
        </span>
      </button>
      <button
        type="button"
        className={styles.toggle}
        aria-pressed={!cameraEnabled}
        disabled={!cameraAvailable}
        onClick={() => onCameraChange(!cameraEnabled)}
      >
        <CameraIcon off={cameraOff} />
        <span className="visually-hidden">{cameraEnabled ? 'Apagar cámara' : 'Encender cámara'}</span>
      </button>
      {children}
    </div>
  );
}
