import { useId, useState, type FormEvent } from 'react';
import {
  RECORDING_RETENTION_MAX_DAYS,
  RECORDING_RETENTION_MIN_DAYS,
  recordingRetentionSchema,
} from '@seguridad/contracts/http/recordings';
import { recordingTexts } from '@seguridad/contracts/messages';
import { Button } from '../../../shared/ui/button';
import type { CompanySettingsResponse } from '../api/get-company-settings';
import { useUpdateCompanySettings } from '../api/update-company-settings';
import { failureNotice, type Notify } from './settings-notice';
import styles from './settings.module.css';

type CompanySettings = CompanySettingsResponse['company'];

/** How many days the company keeps call recordings (decision 017); admins change it. */
export function RecordingRetentionEditor({ company, notify }: { company: CompanySettings; notify: Notify }) {
  const titleId = useId();
  const hintId = useId();
  const update = useUpdateCompanySettings();
  const [days, setDays] = useState(String(company.recording_retention_days));
  const parsed = recordingRetentionSchema.safeParse(Number(days));

  function save(event: FormEvent) {
    event.preventDefault();
    if (!parsed.success) return;
    update.mutate(
      { recording_retention_days: parsed.data },
      {
        onSuccess: () => notify({ tone: 'success', text: recordingTexts.retentionSaved }),
        onError: (error) => notify(failureNotice(recordingTexts.retentionSaveFailed, error)),
      },
    );
  }

  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.cardTitle}>
        {recordingTexts.retentionTitle}
      </h3>
      <p id={hintId} className={styles.lead}>
        {recordingTexts.retentionHint}
      </p>
      <form onSubmit={save} className={styles.actions}>
        <label className={styles.timeField}>
          <span className={styles.timeLabel}>{recordingTexts.retentionLabel}</span>
          <input
            className={parsed.success ? styles.timeInput : `${styles.timeInput} ${styles.inputInvalid}`}
            type="number"
            inputMode="numeric"
            min={RECORDING_RETENTION_MIN_DAYS}
            max={RECORDING_RETENTION_MAX_DAYS}
            value={days}
            aria-describedby={hintId}
            aria-invalid={!parsed.success || undefined}
            onChange={(event) => setDays(event.target.value)}
          />
        </label>
        <Button type="submit" busy={update.isPending} disabled={!parsed.success}>
          {recordingTexts.retentionSave}
        </Button>
      </form>
    </section>
  );
}
