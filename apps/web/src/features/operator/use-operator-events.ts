import { useEffect, useRef, useState } from 'react';
import { io } from 'socket.io-client';
import {
  listenToOperatorEvents,
  type OperatorConnection,
  type OperatorEventHandlers,
  type OperatorSocket,
} from './operator-events';

export type OperatorEventCallbacks = Omit<OperatorEventHandlers, 'onConnectionChange'>;

/**
 * Keeps a Socket.IO connection to this site's origin, signed in with the session token, while the
 * console is open; returns its state. Socket.IO reconnects by itself after a drop.
 */
export function useOperatorEvents(
  token: string | null,
  callbacks: OperatorEventCallbacks,
): OperatorConnection {
  const [connection, setConnection] = useState<OperatorConnection>({ status: 'connecting' });
  const callbacksRef = useRef(callbacks);
  useEffect(() => {
    callbacksRef.current = callbacks;
  });

  useEffect(() => {
    if (!token) return;
    setConnection({ status: 'connecting' });
    // WebSocket only: long polling would need sticky sessions once several processes serve the site.
    const socket: OperatorSocket = io({ path: '/socket.io', auth: { token }, transports: ['websocket'] });
    listenToOperatorEvents(socket, {
      onConnectionChange: setConnection,
      onResync: () => callbacksRef.current.onResync(),
      onInboxNew: (event) => callbacksRef.current.onInboxNew(event),
      onInboxHandled: (event) => callbacksRef.current.onInboxHandled(event),
      onCompanyChanged: () => callbacksRef.current.onCompanyChanged(),
    });
    return () => {
      socket.disconnect();
    };
  }, [token]);

  return connection;
}
