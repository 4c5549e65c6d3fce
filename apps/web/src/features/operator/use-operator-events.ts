import { useEffect, useRef, useState } from 'react';
import { io } from 'socket.io-client';
import {
  listenToOperatorEvents,
  type OperatorConnection,
  type OperatorEventHandlers,
  type OperatorSocket,
} from './operator-events';

export type OperatorEventCallbacks = Omit<OperatorEventHandlers, 'onConnectionChange'>;

export type OperatorEvents = {
  connection: OperatorConnection;
  /**
   * The console's socket, null until it is created. It is what makes this operator count as online
   * for the queue, and a call accepted here is joined through it (the call session adds its own
   * listeners and never closes it).
   */
  socket: OperatorSocket | null;
};

/**
 * Keeps a Socket.IO connection to this site's origin, signed in with the session token, while the
 * console is open; returns its state and the socket. Socket.IO reconnects by itself after a drop.
 */
export function useOperatorEvents(token: string | null, callbacks: OperatorEventCallbacks): OperatorEvents {
  const [connection, setConnection] = useState<OperatorConnection>({ status: 'connecting' });
  const [socket, setSocket] = useState<OperatorSocket | null>(null);
  const callbacksRef = useRef(callbacks);
  useEffect(() => {
    callbacksRef.current = callbacks;
  });

  useEffect(() => {
    if (!token) return;
    setConnection({ status: 'connecting' });
    // WebSocket only: long polling would need sticky sessions once several processes serve the site.
    const created: OperatorSocket = io({ path: '/socket.io', auth: { token }, transports: ['websocket'] });
    listenToOperatorEvents(created, {
      onConnectionChange: setConnection,
      onResync: () => callbacksRef.current.onResync(),
      onInboxNew: (event) => callbacksRef.current.onInboxNew(event),
      onInboxHandled: (event) => callbacksRef.current.onInboxHandled(event),
      onCompanyChanged: () => callbacksRef.current.onCompanyChanged(),
      onQueueAdded: (call) => callbacksRef.current.onQueueAdded(call),
      onQueueUpdated: (call) => callbacksRef.current.onQueueUpdated(call),
      onQueueRemoved: (removed) => callbacksRef.current.onQueueRemoved(removed),
      onPresenceChanged: (count) => callbacksRef.current.onPresenceChanged(count),
    });
    setSocket(created);
    return () => {
      setSocket(null);
      created.disconnect();
    };
  }, [token]);

  return { connection, socket };
}
