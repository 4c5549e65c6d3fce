import {
  operatorStateLabels,
  PAUSE_REASONS,
  pauseReasonLabels,
  type OperatorState,
  type PauseReason,
  type SetAvailabilityBody,
} from '@seguridad/contracts/http/availability';
import { availabilityTexts } from '@seguridad/contracts/messages/availability';
import { errorText } from '../../../shared/api/api-client';
import { SelectField } from '../../../shared/ui/select-field';
import { useAvailability } from '../api/get-availability';
import { useSetAvailability } from '../api/set-availability';
import type { OperatorConnection } from '../operator-events';
import styles from './availability.module.css';

type Choice = 'available' | `paused:${PauseReason}`;

/** The select's value while a supervisor or an administrator has not chosen (not choosable). */
const NOT_TAKING = 'not_taking';

function choiceOf(body: SetAvailabilityBody): Choice {
  return body.state === 'available' ? 'available' : `paused:${body.reason}`;
}

function bodyOf(choice: Choice): SetAvailabilityBody {
  if (choice === 'available') return { state: 'available' };
  return { state: 'paused', reason: choice.slice('paused:'.length) as PauseReason };
}

/**
 * The operator's state (decision 043): what the team and the routing see. The operator chooses
 * Disponible or En pausa with a reason; En llamada and Desconectado come from the call and the
 * connection. Only a Disponible operator is offered calls.
 */
export function AvailabilityControl({
  enabled,
  connection,
  inCall,
}: {
  enabled: boolean;
  connection: OperatorConnection;
  inCall: boolean;
}) {
  const availability = useAvailability(enabled);
  const change = useSetAvailability();
  const mine = availability.data?.availability;
  if (!mine) return null;

  const pending = change.isPending ? change.variables : undefined;
  // A supervisor or an administrator who never chose takes no calls until they choose Disponible.
  const notTaking = !pending && mine.chosen === 'paused' && !mine.reason;
  const chosen: SetAvailabilityBody =
    pending ??
    (mine.chosen === 'paused' && mine.reason
      ? { state: 'paused', reason: mine.reason }
      : { state: 'available' });
  const shown: OperatorState =
    connection.status !== 'live' ? 'offline' : inCall ? 'in_call' : notTaking ? 'paused' : chosen.state;
  const label =
    shown === 'paused' && notTaking ? availabilityTexts.notTakingCalls : operatorStateLabels[shown];
  const detail =
    shown === 'paused' && chosen.state === 'paused' ? ` · ${pauseReasonLabels[chosen.reason]}` : '';

  return (
    <section className={styles.availability} aria-label={availabilityTexts.title}>
      <p className={`${styles.state} ${styles[shown]}`} role="status">
        <span className={styles.dot} aria-hidden="true" />
        {label}
        {detail}
      </p>
      <SelectField
        label={availabilityTexts.choose}
        className={styles.choice}
        value={notTaking ? NOT_TAKING : choiceOf(chosen)}
        disabled={change.isPending}
        error={change.isError ? errorText(change.error, availabilityTexts.stateInvalid) : undefined}
        onChange={(event) => change.mutate(bodyOf(event.target.value as Choice))}
      >
        {notTaking && (
          <option value={NOT_TAKING} disabled>
            {availabilityTexts.notTakingCalls}
          </option>
        )}
        <option value="available">{operatorStateLabels.available}</option>
        {PAUSE_REASONS.map((reason) => (
          <option key={reason} value={`paused:${reason}`}>
            {`${operatorStateLabels.paused} · ${pauseReasonLabels[reason]}`}
          </option>
        ))}
      </SelectField>
      {notTaking ? (
        <p className={styles.hint}>{availabilityTexts.notTakingCallsNotice}</p>
      ) : (
        chosen.state === 'paused' && <p className={styles.hint}>{availabilityTexts.pausedNotice}</p>
      )}
    </section>
  );
}
