import { useId } from 'react';
import { availabilityTexts } from '@seguridad/contracts/messages/availability';
import { phoneCallTexts } from '@seguridad/contracts/messages';
import { silentCallTexts } from '@seguridad/contracts/messages/silent-call';
import { Button } from '../../../shared/ui/button';
import type { ConsoleQueuedCall } from '../call-queue';
import { consoleCallTexts } from '@seguridad/contracts/messages/console-ui';
import { useNow } from '../use-now';
import { waitingSentence } from '../waiting-time';
import styles from './calls.module.css';

type CallQueueListProps = {
  calls: readonly ConsoleQueuedCall[];
  operatorsOnline: number | null;
  /** The call being accepted right now, if any: every button waits for it. */
  acceptingId: number | null;
  /** This operator's id, to tell a call offered to them (null until known). */
  ownUserId: number | null;
  onAccept: (call: ConsoleQueuedCall) => void;
  onDecline: (call: ConsoleQueuedCall) => void;
};

/** Whole seconds left of a running offer, or 0 when there is none or it ran out. */
export function offerSecondsLeft(call: ConsoleQueuedCall, now: number): number {
  if (!call.offer || call.offerDeadline === null) return 0;
  return Math.max(0, Math.ceil((call.offerDeadline - now) / 1000));
}

function operatorsOnlineText(count: number): string {
  return count === 1 ? '1 operador en línea' : `${count} operadores en línea`;
}

/** The company's waiting calls, oldest first: the one to answer first is on top. */
export function CallQueueList({
  calls,
  operatorsOnline,
  acceptingId,
  ownUserId,
  onAccept,
  onDecline,
}: CallQueueListProps) {
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
              ownUserId={ownUserId}
              accepting={acceptingId === call.id}
              disabled={acceptingId !== null}
              onAccept={() => onAccept(call)}
              onDecline={() => onDecline(call)}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

type QueueItemProps = {
  call: ConsoleQueuedCall;
  now: number;
  ownUserId: number | null;
  accepting: boolean;
  disabled: boolean;
  onAccept: () => void;
  onDecline: () => void;
};

/**
 * `from` is whatever the caller's page sent: shown as text, never as a link. While the call is
 * offered to one operator first, they see it marked with a countdown and may let it pass; the
 * others see to whom, and take it once the countdown ends.
 */
function QueueItem({ call, now, ownUserId, accepting, disabled, onAccept, onDecline }: QueueItemProps) {
  const titleId = useId();
  const secondsLeft = offerSecondsLeft(call, now);
  const offeredToMe = secondsLeft > 0 && call.offer?.operator_id === ownUserId;
  const offeredToOther = secondsLeft > 0 && !offeredToMe;
  return (
    <li className={`${styles.queueItem} ${offeredToMe ? styles.offeredToMe : ''}`} aria-labelledby={titleId}>
      <div className={styles.queueText}>
        {offeredToMe && <p className={styles.offerTitle}>{availabilityTexts.offeredToYou}</p>}
        <h3 id={titleId} className={styles.speciality}>
          {call.kind === 'text' && <span className={styles.silentFlag}>{silentCallTexts.flag}</span>}
          {call.kind === 'phone'
            ? `${phoneCallTexts.consoleTitle} · ${call.speciality}`
            : call.kind === 'text'
              ? `${silentCallTexts.consoleTitle} · ${call.speciality}`
              : call.speciality}
        </h3>
        <p className={styles.from}>
          <span className={styles.label}>Desde:</span> {call.from || consoleCallTexts.unknownOrigin}
        </p>
        <p className={styles.waited}>
          <time dateTime={call.created_at}>{waitingSentence(call.created_at, now)}</time>
        </p>
        {offeredToMe && (
          <p className={styles.offerCountdown}>{availabilityTexts.offerCountdown(secondsLeft)}</p>
        )}
        {offeredToOther && (
          <p className={styles.offerCountdown}>
            {availabilityTexts.offeredToOther(call.offer!.operator_name, secondsLeft)}
          </p>
        )}
      </div>
      {offeredToMe && (
        <Button variant="secondary" onClick={onDecline} disabled={disabled}>
          {availabilityTexts.decline}
        </Button>
      )}
      <Button
        onClick={onAccept}
        busy={accepting}
        disabled={(disabled && !accepting) || offeredToOther}
        aria-label={
          call.kind === 'phone'
            ? `Aceptar ${phoneCallTexts.consoleTitle.toLowerCase()} de ${call.speciality}`
            : call.kind === 'text'
              ? `Aceptar ${silentCallTexts.consoleTitle.toLowerCase()} de ${call.speciality}`
              : `Aceptar llamada de ${call.speciality}`
        }
      >
        Aceptar
      </Button>
    </li>
  );
}
