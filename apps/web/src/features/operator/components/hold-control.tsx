import { useState } from 'react';
import { HOLD_REASON_MAX, holdBodySchema, type HoldSubject } from '@seguridad/contracts/http/retention';
import { holdConsoleTexts } from '@seguridad/contracts/messages/data-rights-console';
import { errorText } from '../../../shared/api/api-client';
import { Button } from '../../../shared/ui/button';
import { useHolds, usePlaceHold, useReleaseHold } from '../api/retention';
import { operatorTexts } from '@seguridad/contracts/messages/console-ui';
import { firstIssue, ReasonForm } from './reason-form';
import styles from './data-rights.module.css';

type HoldControlProps = {
  subject: HoldSubject;
  id: number;
  /** Supervisors and administrators; for operators nothing is drawn. */
  enabled: boolean;
};

/**
 * «Retener» with a reason / «Liberar» on a call, video mail or contact message (decision 034): a
 * held item is not deleted by retention until released. Both steps are in the audit trail.
 */
export function HoldControl({ subject, id, enabled }: HoldControlProps) {
  const holds = useHolds(enabled);
  const place = usePlaceHold();
  const release = useReleaseHold();
  const [asking, setAsking] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  if (!enabled || !holds.data) return null;
  const hold = holds.data.holds.find((item) => item.subject === subject && item.id === id);
  const what = holdConsoleTexts.subjects[subject];
  const failure = place.error
    ? `${holdConsoleTexts.holdFailed}: ${errorText(place.error, operatorTexts.connectionProblem)}`
    : release.error
      ? `${holdConsoleTexts.releaseFailed}: ${errorText(release.error, operatorTexts.connectionProblem)}`
      : null;

  return (
    <div className={styles.hold}>
      {hold ? (
        <>
          <p className={styles.heldNote}>
            <span className={styles.heldBadge}>{holdConsoleTexts.held}</span>{' '}
            {holdConsoleTexts.heldBecause(hold.reason)}
          </p>
          <Button
            variant="ghost"
            busy={release.isPending}
            onClick={() =>
              release.mutate({ subject, id }, { onSuccess: () => setOutcome(holdConsoleTexts.released) })
            }
          >
            {holdConsoleTexts.release}
            <span className="visually-hidden"> {what}</span>
          </Button>
        </>
      ) : asking ? (
        <ReasonForm
          label={holdConsoleTexts.reasonLabel}
          hint={holdConsoleTexts.reasonHint}
          submitLabel={holdConsoleTexts.confirm}
          cancelLabel={holdConsoleTexts.cancel}
          maxLength={HOLD_REASON_MAX}
          busy={place.isPending}
          validate={(reason) => firstIssue(holdBodySchema.safeParse({ reason }))}
          onCancel={() => setAsking(false)}
          onSubmit={(reason) =>
            place.mutate(
              { subject, id, reason },
              {
                onSuccess: () => {
                  setAsking(false);
                  setOutcome(holdConsoleTexts.placed);
                },
              },
            )
          }
        />
      ) : (
        <Button variant="ghost" onClick={() => setAsking(true)}>
          {holdConsoleTexts.hold}
          <span className="visually-hidden"> {what}</span>
        </Button>
      )}
      {outcome && !failure && (
        <p role="status" className={styles.outcome}>
          {outcome}
        </p>
      )}
      {failure && (
        <p role="alert" className={styles.failure}>
          {failure}
        </p>
      )}
    </div>
  );
}
