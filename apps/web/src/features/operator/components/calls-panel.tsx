import { useId } from 'react';
import { useMutation } from '@tanstack/react-query';
import { declineCall } from '../api/decline-call';
import { useOfferChime } from '../use-offer-chime';
import { useNow } from '../use-now';
import { errorText } from '../../../shared/api/api-client';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { privateRooms, waitingPublicCalls } from '../call-queue';
import { operatorTexts } from '@seguridad/contracts/messages/console-ui';
import type { CallQueue } from '../use-call-queue';
import type { OperatorCall } from '../use-operator-call';
import type { InboxCallback } from '@seguridad/contracts/http/callbacks';
import { callbackTexts } from '@seguridad/contracts/messages';
import { CallbackCard } from './callback-card';
import { CallHistory } from './call-history';
import { CallQueueList } from './call-queue-list';
import styles from './calls.module.css';
import { OperatorCallView } from './operator-call-view';
import { PrivateRooms } from './private-rooms';

type CallsPanelProps = {
  queue: CallQueue;
  operatorCall: OperatorCall;
  /** The tab is open (it stays mounted behind other tabs so a call keeps its sound). */
  visible: boolean;
  /** Callback requests not yet done, shown oldest first below the live queue (decision 018). */
  pendingCallbacks: readonly InboxCallback[];
  /** Supervisors and administrators may put a past call on legal hold. */
  canHold: boolean;
  /** This operator's id, to tell the calls offered to them (null until known). */
  ownUserId: number | null;
};

/** The callbacks waiting for an operator: the queue's second list, oldest first. */
function CallbackQueue({ callbacks }: { callbacks: readonly InboxCallback[] }) {
  const headingId = useId();
  const oldestFirst = [...callbacks].reverse();
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <div className={styles.sectionHeader}>
        <h2 id={headingId} className={styles.sectionTitle}>
          {callbackTexts.consoleTitle} <span className={styles.count}>({callbacks.length})</span>
        </h2>
      </div>
      {oldestFirst.length === 0 ? (
        <p className={styles.empty}>{callbackTexts.consoleEmptyPending}</p>
      ) : (
        <ol className={styles.queue}>
          {oldestFirst.map((callback) => (
            <li key={callback.id}>
              {/* Once done it leaves this list; the Solicitudes de llamada tab keeps its history. */}
              <CallbackCard callback={callback} keepInView={() => {}} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The 'Llamadas' tab: the live queue and private rooms, or the call the operator is in. */
export function CallsPanel({
  queue,
  operatorCall,
  visible,
  pendingCallbacks,
  canHold,
  ownUserId,
}: CallsPanelProps) {
  const { state, snapshot, accept } = operatorCall;
  const waiting = waitingPublicCalls(queue.state);
  const decline = useMutation({ mutationFn: (callId: number) => declineCall(callId) });
  const callOver = snapshot?.phase.status === 'ended' || snapshot?.phase.status === 'failed';
  // On the end of a call the queue is out of sight: an offer made meanwhile is still announced.
  const queueInSight = state.step !== 'in-call' || callOver;
  useOfferChime(queueInSight ? waiting : [], ownUserId);
  const now = useNow(1000, queueInSight && state.step === 'in-call');
  const offeredToMe = waiting.some(
    (call) =>
      call.offer?.operator_id === ownUserId && call.offerDeadline !== null && call.offerDeadline > now,
  );

  if (state.step === 'in-call' && snapshot) {
    return <OperatorCallView operatorCall={operatorCall} snapshot={snapshot} offeredToMe={offeredToMe} />;
  }

  const startingId = state.step === 'starting' ? state.callId : null;
  const loadFailed = queue.loadError !== null && !queue.state.synced;

  return (
    <div className={styles.calls}>
      {state.step === 'idle' && state.error && (
        <Alert tone="warning" className={styles.callAlert}>
          {state.error}
        </Alert>
      )}
      {decline.isError && (
        <Alert tone="warning" className={styles.callAlert}>
          {errorText(decline.error, operatorTexts.connectionProblem)}
        </Alert>
      )}
      {loadFailed ? (
        <div className={styles.section}>
          <Alert tone="error" title="No pudimos cargar la fila de llamadas">
            {errorText(queue.loadError, operatorTexts.connectionProblem)}
          </Alert>
          <Button onClick={queue.refresh} busy={queue.isRefreshing}>
            Reintentar
          </Button>
        </div>
      ) : !queue.state.synced ? (
        <p className={styles.hint} role="status" aria-busy="true">
          Cargando la fila de llamadas…
        </p>
      ) : (
        <CallQueueList
          calls={waiting}
          operatorsOnline={queue.state.operatorsOnline}
          acceptingId={startingId}
          ownUserId={ownUserId}
          onAccept={(call) => void accept(call)}
          onDecline={(call) => decline.mutate(call.id)}
        />
      )}
      <CallbackQueue callbacks={pendingCallbacks} />
      <PrivateRooms
        rooms={privateRooms(queue.state)}
        enteringId={startingId}
        busy={startingId !== null}
        onCreated={(room) => queue.events.onQueueAdded(room)}
        onEnter={(room) => void accept(room)}
        linksEnabled={visible}
      />
      <CallHistory enabled={visible} canHold={canHold} />
    </div>
  );
}
