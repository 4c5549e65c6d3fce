import {
  availabilityTexts,
  operatorStateLabels,
  PAUSE_REASONS,
  pauseReasonLabels,
  type OperatorState,
  type PauseReason,
  type SetAvailabilityBody,
} from '@seguridad/contracts/http/availability';
import { errorText } from '../../../shared/api/api-client';
import { SelectField } from '../../../shared/ui/select-field';
import { useAvailability } from '../api/get-availability';
import { useSetAvailability } from '../api/set-availability';
import type { OperatorConnection } from '../operator-events';
import styles from './availability.module.css';

type Choice = 'available' | `paused:${PauseReason}`;

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

  const chosen: SetAvailabilityBody =
    change.isPending && change.variables
      ? change.variables
      : mine.chosen === 'paused' && mine.reason
        ? { state: 'paused', reason: mine.reason }
        : { state: 'available' };
  const shown: OperatorState = connection.status !== 'live' ? 'offline' : inCall ? 'in_call' : chosen.state;
  const detail =
    shown === 'paused' && chosen.state === 'paused' ? ` · ${pauseReasonLabels[chosen.reason]}` : '';

  return (
    <section className={styles.availability} aria-label={availabilityTexts.title}>
      <p className={`${styles.state} ${styles[shown]}`} role="status">
        <span className={styles.dot} aria-hidden="true" />
        {operatorStateLabels[shown]}
        {detail}
      </p>
      <SelectField
        label={availabilityTexts.choose}
        className={styles.choice}
        value={choiceOf(chosen)}
        disabled={change.isPending}
        error={change.isError ? errorText(change.error, availabilityTexts.stateInvalid) : undefined}
        onChange={(event) => change.mutate(bodyOf(event.target.value as Choice))}
      >
        <option value="available">{operatorStateLabels.available}</option>
        {PAUSE_REASONS.map((reason) => (
          <option key={reason} value={`paused:${reason}`}>
            {`${operatorStateLabels.paused} · ${pauseReasonLabels[reason]}`}
          </option>
        ))}
      </SelectField>
      {chosen.state === 'paused' && <p className={styles.hint}>{availabilityTexts.pausedNotice}</p>}
    </section>
  );
}
