import { errorMessages } from '@seguridad/contracts/messages';
import {
  callSocketEvents,
  participantSchema,
  type JoinPayload,
  type Participant,
} from '@seguridad/contracts/realtime/call';
import type { CallEvent } from './call-state';
import type { CallContext, CallSessionOptions } from './call-types';

/** A join the server leaves unanswered this long, on a connected socket, is sent again or fails. */
export const JOIN_ACK_TIMEOUT_MS = 10_000;
/** Hanging up waits this long at most for the server to confirm the leave. */
const LEAVE_ACK_TIMEOUT_MS = 2_000;

export type StopEvent = Extract<CallEvent, { type: 'ended' | 'peerLeft' | 'failed' }>;

export type RoomMembershipOptions = Pick<
  CallSessionOptions,
  'call' | 'credentials' | 'ownsSocket' | 'userName'
> & {
  /** The highest chat id seen, sent with every join so the server replays what was missed. */
  lastChatId: () => number;
  /** The server accepted a (re-)join; `peer` is the other participant if already in the room. */
  onJoined: (self: Participant | null, peer: Participant | null) => void;
  /** The socket went down or came back: the phase's `reconnecting` may change. */
  onTransportChange: () => void;
  /** The join was refused, timed out or found the call over. */
  onStop: (event: StopEvent) => void;
};

/**
 * Being in the room over a socket that may drop at any time: the join with its acknowledgement
 * timeout, a re-join on every `connect`, the device going offline, and the leave on hang-up.
 */
export class RoomMembership {
  /** join() was called and the call is not over: every (re)connect joins again. */
  wantsRoom = false;
  /** The join was acknowledged on the socket's current connection. */
  inRoom = false;
  /** The socket dropped (or the network went away) and no re-join was acknowledged since. */
  socketDown = false;
  private joinAttempt = 0;
  private joinTimer: ReturnType<typeof setTimeout> | undefined;
  private firstJoin: Promise<void> | null = null;
  private resolveFirstJoin: (() => void) | null = null;

  constructor(
    private readonly context: CallContext,
    private readonly options: RoomMembershipOptions,
  ) {}

  /** Joins the room; resolves once the server answered the first join (the phase tells how). */
  join(): Promise<void> {
    if (this.wantsRoom && this.firstJoin) return this.firstJoin;
    this.wantsRoom = true;
    this.context.store.dispatch({ type: 'joinStarted' });
    this.firstJoin = new Promise((resolve) => (this.resolveFirstJoin = resolve));
    const socket = this.context.socket;
    if (socket.connected) this.emitJoin();
    else if (!socket.active) socket.connect();
    return this.firstJoin;
  }

  /**
   * Emits `leave` if we are in the room; resolves on its ack or after LEAVE_ACK_TIMEOUT_MS.
   * `no_media`: the media never connected (the call ends as failed to connect).
   */
  async leave(announce: boolean, reason?: 'no_media'): Promise<void> {
    if (!announce) return;
    const payload = reason ? { roomName: this.context.room, reason } : { roomName: this.context.room };
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, LEAVE_ACK_TIMEOUT_MS);
      this.context.socket.emit(callSocketEvents.leave, payload, () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** No more joins; a join() still waiting resolves. */
  stop(): void {
    this.wantsRoom = false;
    this.inRoom = false;
    clearTimeout(this.joinTimer);
  }

  settleFirstJoin(): void {
    this.resolveFirstJoin?.();
  }

  onConnect(): void {
    if (this.wantsRoom) this.emitJoin();
  }

  onDisconnect(reason: unknown): void {
    this.inRoom = false;
    this.socketDown = true;
    clearTimeout(this.joinTimer);
    this.options.onTransportChange();
    // Socket.IO retries every drop by itself except a close decided by the server.
    if (reason === 'io server disconnect' && this.options.ownsSocket && this.wantsRoom)
      this.context.socket.connect();
  }

  /**
   * The device lost its network: say so now, and close the transport so Socket.IO starts its
   * reconnection (and the re-join that fetches missed chat) instead of waiting for a ping to fail.
   */
  onOffline(): void {
    if (!this.wantsRoom) return;
    this.socketDown = true;
    this.options.onTransportChange();
    this.context.socket.io?.engine?.close();
  }

  onConnectError(): void {
    // Not retried by Socket.IO (refused by the server's middleware) and the call never started.
    if (this.context.socket.active || this.context.store.get().phase.status !== 'joining') return;
    this.options.onStop({ type: 'failed', error: 'connect_error', message: errorMessages.generic });
  }

  private emitJoin(): void {
    const attempt = ++this.joinAttempt;
    const { call, credentials, userName } = this.options;
    const payload: JoinPayload = {
      roomName: this.context.room,
      videoCallID: call.id,
      lastChatId: this.options.lastChatId(),
      userName: userName ?? '',
      ...(credentials.side === 'caller' ? { callToken: credentials.callToken } : {}),
    };
    const { guard, socket } = this.context;
    clearTimeout(this.joinTimer);
    this.joinTimer = setTimeout(() => guard(() => this.onJoinTimeout(attempt)), JOIN_ACK_TIMEOUT_MS);
    socket.emit(callSocketEvents.join, payload, (ack: unknown) => guard(() => this.onJoinAck(attempt, ack)));
  }

  private onJoinTimeout(attempt: number): void {
    if (attempt !== this.joinAttempt || !this.wantsRoom || !this.context.socket.connected) return;
    if (this.context.store.get().phase.status !== 'joining') return this.emitJoin();
    this.options.onStop({ type: 'failed', error: 'join_timeout', message: errorMessages.generic });
  }

  private onJoinAck(attempt: number, ack: unknown): void {
    if (attempt !== this.joinAttempt || !this.wantsRoom) return;
    if (typeof ack !== 'object' || ack === null || !('ok' in ack)) return;
    clearTimeout(this.joinTimer);
    if (ack.ok !== true) {
      const refusal = ack as { error?: unknown; message?: unknown };
      this.options.onStop({
        type: 'failed',
        error: typeof refusal.error === 'string' ? refusal.error : 'join_refused',
        message:
          typeof refusal.message === 'string' && refusal.message ? refusal.message : errorMessages.generic,
      });
      return;
    }
    const accepted = ack as { self?: unknown; users?: unknown; status?: unknown };
    const self = participantSchema.safeParse(accepted.self);
    const users = participantSchema.array().safeParse(accepted.users);
    const peer = users.success ? (users.data.find((user) => user.side !== this.context.side) ?? null) : null;
    if (accepted.status === 'ended' || accepted.status === 'abandoned') {
      this.options.onStop({ type: 'ended', reason: accepted.status === 'ended' ? 'hangup' : 'abandoned' });
      return;
    }
    this.inRoom = true;
    this.socketDown = false;
    this.options.onJoined(self.success ? self.data : null, peer);
    this.resolveFirstJoin?.();
  }
}
