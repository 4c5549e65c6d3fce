import { recordingTexts } from '@seguridad/contracts/messages';
import styles from './recording-notice.module.css';

/**
 * What the citizen sees while the operator records the call (decision 017): the notice, and a
 * red "Grabando" indicator. Mounted always, so screen readers announce the notice when it appears.
 */
export function RecordingNotice({ recording }: { recording: boolean }) {
  return (
    <div role="status" className={recording ? styles.notice : 'visually-hidden'}>
      {recording && (
        <>
          <span className={styles.indicator}>
            <span className={styles.dot} aria-hidden="true" />
            {recordingTexts.indicator}
          </span>
          <span className={styles.text}>{recordingTexts.notice}</span>
        </>
      )}
    </div>
  );
}
