import type { Socket } from 'socket.io-client';
import type { QueuedCall } from '@seguridad/contracts/http/calls';
import {
  callSocketEvents,
  presenceSchema,
  queueAddedSchema,
  queueRemovedSchema,
  type QueueRemoved,
} from '@seguridad/contracts/realtime/call';
import type { ClientToServerEvents, ServerToClientEvents } from '@seguridad/contracts/realtime/events';
import type { CallSocketEvent } from '../../shared/call/call-types';
import {
  operatorEvents,
  parseInboxEvent,
  parseSessionReady,
  type InboxEvent,
  type InboxKind,
} from '@seguridad/contracts/realtime/operator';

/** The event names and parsers live in the contracts, shared with the server. */
export const operatorEventNames = operatorEvents;
export { parseInboxEvent, type InboxEvent, type InboxKind };

/** The console's socket, typed by the protocol's event maps: the calls it accepts ride on it too. */
export type OperatorSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * What listening needs of an OperatorSocket, which is all a test's fake has to provide. Listeners
 * take what arrives as `unknown`: every payload is parsed.
 */
export type OperatorEventSource = {
  on(event: CallSocketEvent, listener: (...args: unknown[]) => void): unknown;
  connect(): unknown;
};

/**
 * The console's link to the server, as the console shows it:
 *
 *   connecting ──session:ready──▶ live ──disconnect──▶ reconnecting ──session:ready──▶ live
 *        └──────────connect_error──────────────────────────▲
 *
 * `live` means the server has put this socket in the company's operator room. Whatever happened
 * before that (during a drop, or between the first fetch and the join) was not sent to us, so every
 * arrival in `live` asks for a resync.
 */
export type OperatorConnection =
  { status: 'connecting' } | { status: 'live'; operator: boolean } | { status: 'reconnecting' };

export type OperatorEventHandlers = {
  onConnectionChange(connection: OperatorConnection): void;
  /** Refetch everything: we may have missed events. */
  onResync(): void;
  onInboxNew(event: InboxEvent): void;
  onInboxHandled(event: InboxEvent): void;
  onCompanyChanged(): void;
  /** A call joined the company's queue (or this operator created a private room). */
  onQueueAdded(call: QueuedCall): void;
  /** A call left the queue: accepted by someone, abandoned or ended. */
  onQueueRemoved(removed: QueueRemoved): void;
  /** A waiting call's offer changed: made, let pass, withdrawn (decision 043). */
  onQueueUpdated(call: QueuedCall): void;
  onPresenceChanged(operatorsOnline: number): void;
};

/** Wires a socket's events to the handlers; the caller creates the socket and closes it. */
export function listenToOperatorEvents(socket: OperatorEventSource, handlers: OperatorEventHandlers): void {
  socket.on(operatorEventNames.sessionReady, (payload) => {
    const ready = parseSessionReady(payload);
    if (!ready) return;
    handlers.onConnectionChange({ status: 'live', operator: ready.operator });
    handlers.onResync();
  });
  socket.on(operatorEventNames.inboxNew, (payload) => {
    const event = parseInboxEvent(payload);
    if (event) handlers.onInboxNew(event);
  });
  socket.on(operatorEventNames.inboxHandled, (payload) => {
    const event = parseInboxEvent(payload);
    if (event) handlers.onInboxHandled(event);
  });
  socket.on(operatorEventNames.companyChanged, () => handlers.onCompanyChanged());
  socket.on(callSocketEvents.queueAdded, (payload) => {
    const parsed = queueAddedSchema.safeParse(payload);
    if (parsed.success) handlers.onQueueAdded(parsed.data);
  });
  socket.on(callSocketEvents.queueUpdated, (payload) => {
    const parsed = queueAddedSchema.safeParse(payload);
    if (parsed.success) handlers.onQueueUpdated(parsed.data);
  });
  socket.on(callSocketEvents.queueRemoved, (payload) => {
    const parsed = queueRemovedSchema.safeParse(payload);
    if (parsed.success) handlers.onQueueRemoved(parsed.data);
  });
  socket.on(callSocketEvents.presence, (payload) => {
    const parsed = presenceSchema.safeParse(payload);
    if (parsed.success) handlers.onPresenceChanged(parsed.data.operators_online);
  });
  socket.on('connect_error', () => handlers.onConnectionChange({ status: 'reconnecting' }));
  socket.on('disconnect', (reason) => {
    // Our own close (page left, session changed): nothing to show.
    if (reason === 'io client disconnect') return;
    handlers.onConnectionChange({ status: 'reconnecting' });
    if (reason === 'io server disconnect') {
      // Socket.IO retries every drop by itself except this one. The server closes sockets when a
      // session ends: a resync lets the inbox call find out (401 → login) while we try again.
      handlers.onResync();
      socket.connect();
    }
  });
}
