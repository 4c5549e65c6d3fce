import { recordingTexts } from '@seguridad/contracts/messages';
import { Button } from '../../../shared/ui/button';
import type { CallRecording } from '../use-call-recording';
import styles from './calls.module.css';

type RecordingControlProps = {
  recording: CallRecording;
  /** Only once the citizen is there (and can be told). */
  disabled: boolean;
};

function statusText(recording: CallRecording): string {
  const { state } = recording;
  switch (state.step) {
    case 'requested':
      return recordingTexts.consoleStarting;
    case 'recording':
      return state.uploader === 'retrying'
        ? recordingTexts.consoleUploadRetrying
        : recordingTexts.consoleRecording;
    default:
      return '';
  }
}

/** Grabar llamada / Detener grabación, with what the recording is doing. */
export function RecordingControl({ recording, disabled }: RecordingControlProps) {
  const { state } = recording;
  const active = state.step === 'recording' || state.step === 'requested';
  if (!recording.supported) return <p className={styles.hint}>{recordingTexts.consoleUnsupported}</p>;
  return (
    <div className={styles.recordingControl}>
      <Button
        variant="secondary"
        aria-pressed={active}
        busy={state.step === 'stopping'}
        disabled={disabled && !active}
        onClick={() => (active ? void recording.stop() : recording.start())}
      >
        {active ? recordingTexts.consoleStop : recordingTexts.consoleStart}
      </Button>
      <p role="status" className={active ? styles.recordingStatus : 'visually-hidden'}>
        {state.step === 'recording' && <span className={styles.recordingDot} aria-hidden="true" />}
        {statusText(recording)}
      </p>
    </div>
  );
}
