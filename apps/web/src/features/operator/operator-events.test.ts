import { describe, expect, it, vi } from 'vitest';
import {
  listenToOperatorEvents,
  operatorEventNames,
  parseInboxEvent,
  type OperatorConnection,
} from './operator-events';

/** Just enough of a Socket.IO client socket: listeners by name, and `emit` to play the server. */
function fakeSocket() {
  const listeners = new Map<string, ((payload?: unknown) => void)[]>();
  const socket = {
    connect: vi.fn(),
    on(event: string, listener: (payload?: unknown) => void) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      return socket;
    },
    receive(event: string, payload?: unknown) {
      for (const listener of listeners.get(event) ?? []) listener(payload);
    },
  };
  return socket;
}

function listen() {
  const socket = fakeSocket();
  const states: OperatorConnection[] = [];
  const handlers = {
    onConnectionChange: (state: OperatorConnection) => states.push(state),
    onResync: vi.fn(),
    onInboxNew: vi.fn(),
    onInboxHandled: vi.fn(),
    onCompanyChanged: vi.fn(),
    onQueueAdded: vi.fn(),
    onQueueUpdated: vi.fn(),
    onQueueRemoved: vi.fn(),
    onPresenceChanged: vi.fn(),
  };
  listenToOperatorEvents(socket, handlers);
  return { socket, states, handlers };
}

describe('the operator console socket', () => {
  it('goes live on session:ready and resyncs each time it (re)joins', () => {
    const { socket, states, handlers } = listen();
    socket.receive(operatorEventNames.sessionReady, { operator: true });
    socket.receive('disconnect', 'transport close');
    socket.receive(operatorEventNames.sessionReady, { operator: true });
    expect(states).toEqual([
      { status: 'live', operator: true },
      { status: 'reconnecting' },
      { status: 'live', operator: true },
    ]);
    expect(handlers.onResync).toHaveBeenCalledTimes(2);
    expect(socket.connect).not.toHaveBeenCalled();
  });

  it('reconnects by hand when the server closed the socket, and ignores its own close', () => {
    const { socket, states, handlers } = listen();
    socket.receive('disconnect', 'io client disconnect');
    expect(states).toEqual([]);
    socket.receive('disconnect', 'io server disconnect');
    expect(states).toEqual([{ status: 'reconnecting' }]);
    expect(handlers.onResync).toHaveBeenCalledTimes(1);
    expect(socket.connect).toHaveBeenCalledTimes(1);
  });

  it('passes on inbox events that parse and drops the rest', () => {
    const { socket, handlers } = listen();
    socket.receive(operatorEventNames.inboxNew, { kind: 'contact', id: 7 });
    socket.receive(operatorEventNames.inboxNew, { kind: 'contact', id: '7' });
    socket.receive(operatorEventNames.inboxHandled, { kind: 'videoMail', id: 3 });
    socket.receive(operatorEventNames.inboxHandled, { kind: 'call', id: 3 });
    socket.receive(operatorEventNames.sessionReady, 'yes');
    socket.receive(operatorEventNames.companyChanged, {});
    expect(handlers.onInboxNew).toHaveBeenCalledExactlyOnceWith({ kind: 'contact', id: 7 });
    expect(handlers.onInboxHandled).toHaveBeenCalledExactlyOnceWith({ kind: 'videoMail', id: 3 });
    expect(handlers.onResync).not.toHaveBeenCalled();
    expect(handlers.onCompanyChanged).toHaveBeenCalledTimes(1);
  });

  it('passes on queue and presence events that parse and drops the rest', () => {
    const { socket, handlers } = listen();
    const call = {
      id: 12,
      room: 'abcdefghijklmnop',
      speciality_id: null,
      speciality: 'General',
      from: 'https://municipio.example/',
      private: false,
      kind: 'phone',
      created_at: '2026-03-10T12:00:00.000Z',
    };
    socket.receive('queue:updated', { ...call, offer: null });
    socket.receive('queue:updated', { ...call, offer: { operator_id: 'x' } });
    socket.receive('queue:added', call);
    socket.receive('queue:added', { ...call, kind: 'fax' });
    socket.receive('queue:added', { ...call, id: 'twelve' });
    socket.receive('queue:added', { id: 13 });
    socket.receive('queue:removed', { id: 12, reason: 'accepted' });
    socket.receive('queue:removed', { id: 12, reason: 'stolen' });
    socket.receive('presence:changed', { operators_online: 3 });
    socket.receive('presence:changed', { operators_online: -1 });
    socket.receive('presence:changed', null);
    expect(handlers.onQueueAdded).toHaveBeenCalledExactlyOnceWith(call);
    expect(handlers.onQueueUpdated).toHaveBeenCalledExactlyOnceWith({ ...call, offer: null });
    expect(handlers.onQueueRemoved).toHaveBeenCalledExactlyOnceWith({ id: 12, reason: 'accepted' });
    expect(handlers.onPresenceChanged).toHaveBeenCalledExactlyOnceWith(3);
  });

  it('parses inbox payloads strictly', () => {
    expect(parseInboxEvent(null)).toBeNull();
    expect(parseInboxEvent({ kind: 'videoMail', id: 1.5 })).toBeNull();
    expect(parseInboxEvent({ kind: 'videoMail', id: 2, extra: true })).toEqual({ kind: 'videoMail', id: 2 });
    expect(parseInboxEvent({ kind: 'callback', id: 3 })).toEqual({ kind: 'callback', id: 3 });
    expect(parseInboxEvent({ kind: 'call', id: 3 })).toBeNull();
  });
});
