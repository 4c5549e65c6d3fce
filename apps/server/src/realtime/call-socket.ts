import type { DefaultEventsMap, RemoteSocket, Server, Socket } from 'socket.io';
import type { Participant, SignalError } from '@seguridad/contracts/realtime/call';
import { callSocketEvents } from '@seguridad/contracts/realtime/call';

/** Who opened the socket, when its handshake carried a session token (set before `connection`). */
export type SocketUser = {
  id: number;
  name: string;
  /** The company the user operates for; null for a citizen's session. */
  companyId: number | null;
  /** The session the socket signed in with: revoking it closes the socket. */
  sessionId?: number;
};

/** The call a socket joined. Plain data: with Redis, other processes read it through fetchSockets. */
export type CallMembership = {
  role: Participant['role'];
  participantId: string;
  callId: number;
  companyId: number;
  room: string;
  isPrivate: boolean;
  userName: string;
};

export type SocketData = { user?: SocketUser; call?: CallMembership };

export type AppServer = Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;
export type AppSocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;
export type AppRemoteSocket = RemoteSocket<DefaultEventsMap, SocketData>;

/** The failure half of every ack of the call protocol. */
export type Refusal = { ok: false; error: string; message: string };
export const refusal = (error: string, message: string): Refusal => ({ ok: false, error, message });

/** The ack a client passed with an event, or a no-op when it passed none (or something else). */
export function ackOf<T>(ack: unknown): (reply: T) => void {
  return typeof ack === 'function' ? (reply: T) => void ack(reply) : () => {};
}

export function signalError(socket: AppSocket, error: SignalError['error'], message: string): void {
  socket.emit(callSocketEvents.signalError, { error, message } satisfies SignalError);
}

export function participantOf(membership: CallMembership): Participant {
  return {
    userID: membership.participantId,
    userName: membership.userName,
    role: membership.role,
    userAvatar: null,
  };
}

/** Sockets that joined `room` as a participant of the call, on every process. */
export function joinedMembers(sockets: AppRemoteSocket[], room: string): AppRemoteSocket[] {
  return sockets.filter((socket) => socket.data.call?.room === room);
}
