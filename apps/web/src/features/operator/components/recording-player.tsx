import { useState } from 'react';
import type { CallRecording } from '@seguridad/contracts/http/recordings';
import { recordingTexts } from '@seguridad/contracts/messages';
import { Button } from '../../../shared/ui/button';
import { formatDuration } from '../format';
import styles from './calls.module.css';

/** A call's finished recordings in the history: a button that opens a player for each. */
export function RecordingPlayer({ recordings }: { recordings: CallRecording[] }) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      {recordings.map((recording) =>
        recording.video_url ? (
          <span
            key={recording.id}
            className={open === recording.id ? styles.historyRecordingOpen : styles.historyDetail}
          >
            <Button
              variant="secondary"
              aria-expanded={open === recording.id}
              onClick={() => setOpen(open === recording.id ? null : recording.id)}
            >
              {open === recording.id ? recordingTexts.historyHide : recordingTexts.historyPlay}
              {recording.duration_ms !== null && ` (${formatDuration(recording.duration_ms)})`}
            </Button>
            {open === recording.id && (
              <video
                className={styles.recordingPlayer}
                src={recording.video_url}
                controls
                preload="metadata"
                aria-label={recordingTexts.historyPlayerLabel}
              />
            )}
          </span>
        ) : null,
      )}
    </>
  );
}
