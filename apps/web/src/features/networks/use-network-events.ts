import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@seguridad/contracts/realtime/events';
import { networkChangedEventSchema, networkEvents } from '@seguridad/contracts/realtime/networks';
import { getSessionToken } from '../../shared/api/session-token';
import { networkQueryKeys } from './api/network-query-keys';

/**
 * While the section is open, a socket signed in with the session hears when someone invites this
 * user, answers their invitation or leaves, and reloads the lists (docs/realtime.md). Without a
 * connection the section still works; it just refreshes on the next load.
 */
export function useNetworkEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const token = getSessionToken();
    if (!token) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: networkQueryKeys.myNetwork() });
    // WebSocket only: long polling would need sticky sessions once several processes serve the site.
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io({
      path: '/socket.io',
      auth: { token },
      transports: ['websocket'],
    });
    socket.on(networkEvents.changed, (payload: unknown) => {
      if (networkChangedEventSchema.safeParse(payload).success) refresh();
    });
    // Whatever changed while the connection was down was missed: load again once it is back.
    socket.io.on('reconnect', refresh);
    return () => {
      socket.disconnect();
    };
  }, [queryClient]);
}
