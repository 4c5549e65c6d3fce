import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { QueuedCall } from '@seguridad/contracts/http/calls';
import { useCallQueueSnapshot } from './api/get-call-queue';
import { callQueueReducer, initialCallQueueState, type CallQueueState } from './call-queue';
import type { OperatorEventCallbacks } from './use-operator-events';
import type { Announcement } from './use-new-item-announcements';

/** The console socket's queue events, for `useOperatorEvents`. */
type CallQueueEvents = Pick<
  OperatorEventCallbacks,
  'onQueueAdded' | 'onQueueUpdated' | 'onQueueRemoved' | 'onPresenceChanged'
>;

function sentenceFor(calls: readonly QueuedCall[]): string {
  return `${calls.map((call) => `Nueva llamada en espera: ${call.speciality}`).join('. ')}.`;
}

/** Public calls that `known` did not hold, oldest first, as a sentence to announce. */
export function newCallSentence(known: ReadonlySet<number>, calls: readonly QueuedCall[]): string | null {
  const arrivals = newPublicCalls(known, calls);
  return arrivals.length === 0 ? null : sentenceFor(arrivals);
}

function newPublicCalls(known: ReadonlySet<number>, calls: readonly QueuedCall[]): QueuedCall[] {
  return calls.filter((call) => !call.private && !known.has(call.id));
}

type CallAnnouncement = Announcement & { callIds: readonly number[] };

/**
 * The announcement once some of its calls left the queue (accepted by anyone, abandoned): it names
 * only those still waiting, and goes away with the last of them.
 */
function stillWaiting(announcement: CallAnnouncement | null, calls: readonly QueuedCall[]) {
  if (!announcement) return null;
  const waiting = calls.filter((call) => announcement.callIds.includes(call.id));
  if (waiting.length === announcement.callIds.length) return announcement;
  if (waiting.length === 0) return null;
  return { ...announcement, text: sentenceFor(waiting), callIds: waiting.map((call) => call.id) };
}

export type CallQueue = {
  state: CallQueueState;
  events: CallQueueEvents;
  /** The latest arrival to announce politely (no sound: the console may sit in a shared room). */
  announcement: Announcement | null;
  loadError: unknown;
  isRefreshing: boolean;
  refresh(): void;
};

/**
 * The live queue: the server's snapshot (refetched on every resync of the console socket, which
 * invalidates all operator queries) merged with the socket's events as they arrive.
 */
export function useCallQueue(enabled: boolean): CallQueue {
  const snapshot = useCallQueueSnapshot(enabled);
  const [state, dispatch] = useReducer(callQueueReducer, initialCallQueueState);
  const [announcement, setAnnouncement] = useState<CallAnnouncement | null>(null);
  const known = useRef<Set<number> | null>(null);

  useEffect(() => {
    if (!snapshot.data) return;
    const { requestedAt, response } = snapshot.data;
    dispatch({ type: 'snapshot', at: Date.now(), requestedAt, snapshot: response });
  }, [snapshot.data]);

  // Whatever way a call arrives (an event, or the resync after a drop), it is news once.
  useEffect(() => {
    if (!state.synced) return;
    const previous = known.current;
    known.current = new Set([...(previous ?? []), ...state.calls.map((call) => call.id)]);
    if (!previous) return;
    const arrivals = newPublicCalls(previous, state.calls);
    if (arrivals.length === 0) {
      setAnnouncement((current) => stillWaiting(current, state.calls));
      return;
    }
    setAnnouncement((current) => ({
      key: (current?.key ?? 0) + 1,
      text: sentenceFor(arrivals),
      callIds: arrivals.map((call) => call.id),
    }));
  }, [state.synced, state.calls]);

  const events = useMemo<CallQueueEvents>(
    () => ({
      onQueueAdded: (call) => dispatch({ type: 'added', at: Date.now(), call }),
      onQueueUpdated: (call) => dispatch({ type: 'updated', at: Date.now(), call }),
      onQueueRemoved: ({ id }) => dispatch({ type: 'removed', at: Date.now(), id }),
      onPresenceChanged: (operatorsOnline) => dispatch({ type: 'presence', at: Date.now(), operatorsOnline }),
    }),
    [],
  );

  const { refetch } = snapshot;
  return {
    state,
    events,
    announcement,
    loadError: snapshot.error,
    isRefreshing: snapshot.isFetching,
    refresh: () => void refetch(),
  };
}
