import type { RemoteSocket, Server, Socket } from 'socket.io';
import type { CallRefusal, CallSide, Participant, SignalError } from '@seguridad/contracts/realtime/call';
import { callSocketEvents } from '@seguridad/contracts/realtime/call';
import type {
  ClientToServerEvents,
  InterServerEvents,
  ServerToClientEvents,
} from '@seguridad/contracts/realtime/events';
import { callRoom } from '../modules/calls/call-access';
import type { StaffRole } from '@seguridad/contracts/staff-access';

/** Who opened the socket, when its handshake carried a session token (set before `connection`). */
export type SocketUser = {
  id: number;
  name: string;
  /** The company the user operates for; null for a citizen's session. */
  companyId: number | null;
  /** The role in that company when the socket connected (a later change applies at the next one). */
  role?: StaffRole;
  /** The session the socket signed in with: revoking it closes the socket. */
  sessionId?: number;
};

/** The call a socket joined. Plain data: with Redis, other processes read it through fetchSockets. */
export type CallMembership = {
  /** Which side of the call the socket is on; its staff role, if any, is `SocketUser.role`. */
  side: CallSide;
  participantId: string;
  callId: number;
  companyId: number;
  room: string;
  isPrivate: boolean;
  /** A phone call is audio only and the caller may send keypad digits (`dtmf`). */
  kind: 'video' | 'phone' | 'text';
  userName: string;
};

export type SocketData = { user?: SocketUser; call?: CallMembership };

/**
 * Typed by the protocol's event maps: what the server emits is checked at compile time. What a
 * client sends is not trusted for it: handlers take it as `unknown` and parse it with the schemas.
 */
export type AppServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type AppRemoteSocket = RemoteSocket<ServerToClientEvents, SocketData>;

/** The failure half of every ack of the call protocol. */
export const refusal = (error: string, message: string): CallRefusal => ({ ok: false, error, message });

/** The ack a client passed with an event, or a no-op when it passed none (or something else). */
export function ackOf<T>(ack: unknown): (reply: T) => void {
  return typeof ack === 'function' ? (reply: T) => void ack(reply) : () => {};
}

export function signalError(socket: AppSocket, error: SignalError['error'], message: string): void {
  socket.emit(callSocketEvents.signalError, { error, message });
}

export function participantOf(membership: CallMembership): Participant {
  return {
    userID: membership.participantId,
    userName: membership.userName,
    side: membership.side,
    userAvatar: null,
  };
}

/** A socket known to have joined a call: its membership is there (see `joined`). */
export type Joined<Sock extends { data: SocketData }> = Sock & { data: { call: CallMembership } };

/**
 * Whether the socket has joined a call, as a type guard: after it, `socket.data.call` needs no `!`
 * (the socket counterpart of the routes' `guarded()`).
 */
export function joined<Sock extends { data: SocketData }>(socket: Sock): socket is Joined<Sock> {
  return socket.data.call !== undefined;
}

/** The account a socket signed in with; throws when a handler that needs one runs without it. */
export function socketUser(socket: { data: SocketData }): SocketUser {
  if (!socket.data.user) throw new Error('socket handler that needs a session ran without one');
  return socket.data.user;
}

/** Sockets that joined `room` as a participant of the call, on every process. */
export function joinedMembers(sockets: AppRemoteSocket[], room: string): Joined<AppRemoteSocket>[] {
  return sockets.filter(joined).filter((socket) => socket.data.call.room === room);
}

/** True when the socket is, right now, a participant of the call of `roomName`. */
export function isInRoom(socket: AppSocket, roomName: string): boolean {
  return socket.data.call?.room === roomName && socket.rooms.has(callRoom(roomName));
}
