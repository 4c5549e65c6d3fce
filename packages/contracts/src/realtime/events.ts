import type {
  callSocketEvents,
  CallEnded,
  ChatMessage,
  ChatSend,
  ChatSendAck,
  ClientMessage,
  JoinAck,
  JoinPayload,
  LeaveAck,
  LeavePayload,
  Presence,
  QueueAdded,
  QueuePosition,
  QueueRemoved,
  RoomAdminAck,
  RoomAdminEvent,
  RoomAdminPayload,
  ServerMessage,
  SignalError,
} from './call';
import type { networkEvents, NetworkChangedEvent } from './networks';
import type {
  operatorEvents,
  CompanyChangedEvent,
  InboxEvent,
  SessionReadyEvent,
  SupervisionChangedEvent,
} from './operator';

/**
 * The Socket.IO event maps of the whole realtime protocol (docs/realtime.md), declared once: the
 * server's `Server`/`Socket` and the clients' `Socket` are typed by them, so an emit with a wrong
 * name or payload does not compile on either end. A type is not validation: whoever receives an
 * event still parses its payload with the schemas of `call.ts` and `operator.ts`.
 */

/** What clients emit; the ack, when there is one, is the last argument. */
export type ClientToServerEvents = {
  [callSocketEvents.join]: (payload: JoinPayload, ack: (reply: JoinAck) => void) => void;
  [callSocketEvents.message]: (message: ClientMessage) => void;
  [callSocketEvents.chatSend]: (payload: ChatSend, ack: (reply: ChatSendAck) => void) => void;
  [callSocketEvents.leave]: (payload: LeavePayload, ack: (reply: LeaveAck) => void) => void;
  [callSocketEvents.roomAdmin]: (payload: RoomAdminPayload, ack: (reply: RoomAdminAck) => void) => void;
};

/** What the server emits: to a call's room, to one socket, or to the sockets of a company's operators, or
 * to one user's sockets. */
export type ServerToClientEvents = {
  [callSocketEvents.message]: (message: ServerMessage) => void;
  [callSocketEvents.chatMessage]: (message: ChatMessage) => void;
  [callSocketEvents.queuePosition]: (position: QueuePosition) => void;
  [callSocketEvents.callEnded]: (ended: CallEnded) => void;
  [callSocketEvents.queueAdded]: (call: QueueAdded) => void;
  [callSocketEvents.queueRemoved]: (removed: QueueRemoved) => void;
  [callSocketEvents.queueUpdated]: (call: QueueAdded) => void;
  [callSocketEvents.presence]: (presence: Presence) => void;
  [callSocketEvents.signalError]: (error: SignalError) => void;
  [callSocketEvents.roomAdmin]: (event: RoomAdminEvent) => void;
  [operatorEvents.sessionReady]: (ready: SessionReadyEvent) => void;
  [operatorEvents.inboxNew]: (event: InboxEvent) => void;
  [operatorEvents.inboxHandled]: (event: InboxEvent) => void;
  [operatorEvents.companyChanged]: (change: CompanyChangedEvent) => void;
  [operatorEvents.supervisionChanged]: (change: SupervisionChangedEvent) => void;
  [networkEvents.changed]: (change: NetworkChangedEvent) => void;
};

/**
 * Processes share rooms, emits and `fetchSockets` through the Redis adapter. Two things go to the
 * other processes directly: how many sockets of a room each holds (counting the operators online
 * without shipping every socket's handshake and data across, as `fetchSockets` would), and that a
 * company's settings changed (each drops its cached company keys and specialities at once).
 */
export type InterServerEvents = {
  roomSize: (room: string, callback: (size: number) => void) => void;
  roomUsers: (room: string, callback: (userIds: number[]) => void) => void;
  companyCacheStale: (companyId: number) => void;
};
