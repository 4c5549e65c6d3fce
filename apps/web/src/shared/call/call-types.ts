import type { Socket, SocketReservedEvents } from 'socket.io-client';
import type { Attachment } from '@seguridad/contracts/http/calls';
import type { CallSide, ClientMessage } from '@seguridad/contracts/realtime/call';
import type { ClientToServerEvents, ServerToClientEvents } from '@seguridad/contracts/realtime/events';
import type { CallStore } from './call-store';

/**
 * The caller's own socket or the console's, typed by the protocol's event maps: what it emits is
 * checked at compile time; what it receives is still parsed with the contracts' schemas.
 */
export type CallSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** An event a client socket delivers: one of the connection's own, or one the server emits. */
export type CallSocketEvent = keyof SocketReservedEvents | keyof ServerToClientEvents;

/**
 * What a session uses of its CallSocket, which is all a test's fake has to provide (Socket.IO's
 * `Socket` is a class with private members: nothing but itself can be one). Emits are typed by the
 * event map; listeners take what arrives as `unknown`, since the session parses every payload.
 */
export type SessionSocket = {
  readonly connected: boolean;
  readonly active: boolean;
  /** Socket.IO's manager, whose transport is closed when the network goes away. */
  readonly io?: { readonly engine?: { close(): void } };
  connect(): unknown;
  disconnect(): unknown;
  on(event: CallSocketEvent, listener: (...args: unknown[]) => void): unknown;
  off(event: CallSocketEvent, listener: (...args: unknown[]) => void): unknown;
  emit<Event extends keyof ClientToServerEvents>(
    event: Event,
    ...args: Parameters<ClientToServerEvents[Event]>
  ): unknown;
};

export type CallCredentials =
  /** The anonymous caller, with the token `POST /api/calls/videoCall` returned. */
  | { side: 'caller'; callToken: string }
  /** The answerer, a staff member: the console socket's handshake carries the session. */
  | { side: 'answerer' };

export type CallSessionOptions = {
  call: { id: number; room: string };
  credentials: CallCredentials;
  /** The session attaches its listeners and removes them on dispose. */
  socket: SessionSocket;
  /** True for the caller's own socket: dispose() disconnects it. */
  ownsSocket?: boolean;
  userName?: string;
  /**
   * A phone call (decision 018): audio only, so the offer asks for no video; the caller's keypad
   * digits are sent and shown.
   */
  audioOnly?: boolean;
  /**
   * A silent call (decision 060): no media at all, no RTCPeerConnection; the call is connected as
   * soon as both sides are in the room, and its chat is all of it.
   */
  textOnly?: boolean;
  /** From getUserMedia; null without a camera (the call still receives the other side). */
  localStream: MediaStream | null;
  /** From the relay settings; direct connections only when empty. */
  iceServers?: RTCIceServer[];
  /** Tests inject fakes; the browser's RTCPeerConnection otherwise. */
  createPeerConnection?: (config: RTCConfiguration) => RTCPeerConnection;
  uploadAttachment: (file: File, onProgress: (fraction: number) => void) => Promise<Attachment>;
  now?: () => Date;
  /**
   * Where the browser says the network went away (`offline`/`online`); `window` by default, null
   * for none. A WebSocket over a dead network only notices at its next ping (up to a minute).
   */
  network?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null;
  /** MediaConnectDeadline's times (decision 037); tests shorten them. */
  mediaRestartAfterMs?: number;
  mediaConnectTimeoutMs?: number;
};

/** What every part of the session shares: the store, the socket and the call it is about. */
export type CallContext = {
  readonly store: CallStore;
  readonly socket: SessionSocket;
  readonly room: string;
  /** Which side of the call this session is on (not a staff role). */
  readonly side: CallSide;
  /**
   * Runs a socket, WebRTC or timer callback: nothing after dispose, and nothing thrown escapes
   * (it is logged).
   */
  guard(action: () => void): void;
  /** dispose() was called: nothing more may be written or sent. */
  isDisposed(): boolean;
  /** Not disposed, and join() was called and the call is not over. */
  isActive(): boolean;
  /** A signaling message, dropped while the socket is down (the re-join restarts ICE instead). */
  sendSignal(message: ClientMessage): void;
};
