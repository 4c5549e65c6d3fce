import { CallStore } from '../call-store';
import type { CallSide } from '@seguridad/contracts/realtime/call';
import type { CallContext } from '../call-types';
import { FakeSocket, room } from './fake-transport';

/**
 * One part on its own: the context a session would give it, over a fake socket that starts
 * connected. `active` stands for "join() was called and the call is not over".
 */
export function partContext({
  side = 'caller',
  localStream = null,
}: { side?: CallSide; localStream?: MediaStream | null } = {}) {
  const socket = new FakeSocket();
  socket.connected = true;
  socket.active = true;
  const store = new CallStore(localStream);
  const state = { active: true };
  const context: CallContext = {
    store,
    socket,
    room,
    side,
    guard: (action) => action(),
    isDisposed: () => false,
    isActive: () => state.active,
    sendSignal: (message) => {
      if (socket.connected) socket.emit('message', message);
    },
  };
  return { context, socket, store, state };
}
