import { useId } from 'react';
import type { QueuedCall } from '@seguridad/contracts/http/calls';
import { phoneCallTexts } from '@seguridad/contracts/messages';
import { Button } from '../../../shared/ui/button';
import { consoleCallTexts } from '../operator-texts';
import { useNow } from '../use-now';
import { waitingSentence } from '../waiting-time';
import styles from './calls.module.css';

type CallQueueListProps = {
  calls: readonly QueuedCall[];
  operatorsOnline: number | null;
  /** The call being accepted right now, if any: every button waits for it. */
  acceptingId: number | null;
  onAccept: (call: QueuedCall) => void;
};

function operatorsOnlineText(count: number): string {
  return count === 1 ? '1 operador en línea' : `${count} operadores en línea`;
}

/** The company's waiting calls, oldest first: the one to answer first is on top. */
export function CallQueueList({ calls, operatorsOnline, acceptingId, onAccept }: CallQueueListProps) {
  const headingId = useId();
  const now = useNow(1000, calls.length > 0);
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <div className={styles.sectionHeader}>
        <h2 id={headingId} className={styles.sectionTitle}>
          Llamadas en espera <span className={styles.count}>({calls.length})</span>
        </h2>
        {operatorsOnline !== null && (
          <p className={styles.presence}>{operatorsOnlineText(operatorsOnline)}</p>
        )}
      </div>
      {calls.length === 0 ? (
        <p className={styles.empty}>
          No hay llamadas en espera. Las nuevas aparecerán aquí sin recargar la página.
        </p>
      ) : (
        <ol className={styles.queue}>
          {calls.map((call) => (
            <QueueItem
              key={call.id}
              call={call}
              now={now}
              accepting={acceptingId === call.id}
              disabled={acceptingId !== null}
              onAccept={() => onAccept(call)}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

type QueueItemProps = {
  call: QueuedCall;
  now: number;
  accepting: boolean;
  disabled: boolean;
  onAccept: () => void;
};

/** `from` is whatever the caller's page sent: shown as text, never as a link. */
function QueueItem({ call, now, accepting, disabled, onAccept }: QueueItemProps) {
  const titleId = useId();
  return (
    <li className={styles.queueItem} aria-labelledby={titleId}>
      <div className={styles.queueText}>
        <h3 id={titleId} className={styles.speciality}>
          {call.kind === 'phone' ? `${phoneCallTexts.consoleTitle} · ${call.speciality}` : call.speciality}
        </h3>
        <p className={styles.from}>
          <span className={styles.label}>Desde:</span> {call.from || consoleCallTexts.unknownOrigin}
        </p>
        <p className={styles.waited}>
          <time dateTime={call.created_at}>{waitingSentence(call.created_at, now)}</time>
        </p>
      </div>
      <Button
        onClick={onAccept}
        busy={accepting}
        disabled={disabled && !accepting}
        aria-label={
          call.kind === 'phone'
            ? `Aceptar ${phoneCallTexts.consoleTitle.toLowerCase()} de ${call.speciality}`
            : `Aceptar llamada de ${call.speciality}`
        }
      >
        Aceptar
      </Button>
    </li>
  );
}
