import type { CallQueueResponse, QueuedCall } from '@seguridad/contracts/http/calls';

/**
 * The console's copy of the company's call queue: a snapshot from `GET /api/v1/operator/calls/queue`
 * kept current by the console socket's `queue:added` / `queue:removed` / `presence:changed` events.
 *
 * A snapshot and the events race: an event can arrive while the request is in flight, and the
 * answer may or may not include it. So the reducer keeps the events of the last minute, and a
 * snapshot replays on top of itself those that arrived after its request started. Every step takes
 * `at` (ms) from the caller, which keeps the reducer pure.
 */
/**
 * A waiting call as the console keeps it: with the moment, on this browser's clock, its offer
 * runs out (the server sends how long is left, so clocks need not agree).
 */
export type ConsoleQueuedCall = QueuedCall & { offerDeadline: number | null };

export type CallQueueState = {
  /** Oldest first (created_at, then id): the order in which calls should be answered. */
  calls: readonly ConsoleQueuedCall[];
  /** Operators with the console open; null until the first snapshot or presence event. */
  operatorsOnline: number | null;
  /** Events of the last minute, oldest first, to replay on a snapshot that started before them. */
  recentEvents: readonly QueueEvent[];
  /** A snapshot arrived: from now on a call that appears is news. */
  synced: boolean;
};

type QueueEvent =
  | { type: 'added'; at: number; call: QueuedCall }
  /** The call's offer changed (decision 043). */
  | { type: 'updated'; at: number; call: QueuedCall }
  | { type: 'removed'; at: number; id: number }
  | { type: 'presence'; at: number; operatorsOnline: number };

export type CallQueueAction =
  | QueueEvent
  /** A snapshot from the server, whose request started at `requestedAt`. */
  | { type: 'snapshot'; at: number; requestedAt: number; snapshot: CallQueueResponse };

/** Longer than any request may take (10 s timeout), so a snapshot always finds what raced it. */
export const QUEUE_EVENT_MEMORY_MS = 60_000;

export const initialCallQueueState: CallQueueState = {
  calls: [],
  operatorsOnline: null,
  recentEvents: [],
  synced: false,
};

function byArrival(a: QueuedCall, b: QueuedCall): number {
  return a.created_at.localeCompare(b.created_at) || a.id - b.id;
}

function received(call: QueuedCall, at: number): ConsoleQueuedCall {
  return { ...call, offerDeadline: call.offer ? at + call.offer.expires_in_ms : null };
}

function withCall(
  calls: readonly ConsoleQueuedCall[],
  call: ConsoleQueuedCall,
): readonly ConsoleQueuedCall[] {
  if (calls.some((known) => known.id === call.id)) return calls;
  return [...calls, call].sort(byArrival);
}

function replacingCall(
  calls: readonly ConsoleQueuedCall[],
  call: ConsoleQueuedCall,
): readonly ConsoleQueuedCall[] {
  if (!calls.some((known) => known.id === call.id)) return withCall(calls, call);
  return calls.map((known) => (known.id === call.id ? call : known));
}

function withoutCall(calls: readonly ConsoleQueuedCall[], id: number): readonly ConsoleQueuedCall[] {
  return calls.some((known) => known.id === id) ? calls.filter((known) => known.id !== id) : calls;
}

function applyEvent(state: CallQueueState, event: QueueEvent): CallQueueState {
  switch (event.type) {
    case 'added':
      return { ...state, calls: withCall(state.calls, received(event.call, event.at)) };
    case 'updated':
      return { ...state, calls: replacingCall(state.calls, received(event.call, event.at)) };
    case 'removed':
      return { ...state, calls: withoutCall(state.calls, event.id) };
    case 'presence':
      return { ...state, operatorsOnline: event.operatorsOnline };
  }
}

function remember(events: readonly QueueEvent[], event: QueueEvent): readonly QueueEvent[] {
  const since = event.at - QUEUE_EVENT_MEMORY_MS;
  return [...events.filter((known) => known.at >= since), event];
}

export function callQueueReducer(state: CallQueueState, action: CallQueueAction): CallQueueState {
  if (action.type !== 'snapshot') {
    // A call that already left the queue does not come back with a late or repeated `added`.
    const alreadyRemoved =
      (action.type === 'added' || action.type === 'updated') &&
      state.recentEvents.some((event) => event.type === 'removed' && event.id === action.call.id);
    const next = alreadyRemoved ? state : applyEvent(state, action);
    return { ...next, recentEvents: remember(state.recentEvents, action) };
  }

  const { snapshot, requestedAt } = action;
  const since = action.at - QUEUE_EVENT_MEMORY_MS;
  const recentEvents = state.recentEvents.filter((event) => event.at >= since);
  let next: CallQueueState = {
    calls: snapshot.calls
      .map((call) => received(call, action.at))
      .sort(byArrival)
      .filter((call, index, all) => all[index - 1]?.id !== call.id),
    operatorsOnline: snapshot.operators_online,
    recentEvents,
    synced: true,
  };
  // Ties go to the event: it may have left the server after the snapshot was read.
  for (const event of recentEvents) if (event.at >= requestedAt) next = applyEvent(next, event);
  return next;
}

/** What an operator waits on: public calls from citizens (private rooms are the operator's own). */
export function waitingPublicCalls(state: CallQueueState): ConsoleQueuedCall[] {
  return state.calls.filter((call) => !call.private);
}

export function privateRooms(state: CallQueueState): ConsoleQueuedCall[] {
  return state.calls.filter((call) => call.private);
}
