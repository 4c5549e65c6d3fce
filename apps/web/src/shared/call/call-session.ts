import type { Socket } from 'socket.io-client';
import { CALL_ATTACHMENT_MAX_BYTES, type Attachment } from '@seguridad/contracts/http/calls';
import { callTexts, errorMessages } from '@seguridad/contracts/messages';
import {
  CHAT_MESSAGE_MAX,
  callEndedSchema,
  callSocketEvents,
  chatMessageSchema,
  participantSchema,
  queuePositionSchema,
  serverMessageSchema,
  type CallEnded,
  type ChatMessage,
  type ChatSend,
  type ClientMessage,
  type IceCandidatePayload,
  type JoinPayload,
  type Participant,
  type ServerMessage,
} from '@seguridad/contracts/realtime/call';
import {
  callReducer,
  initialCallPhase,
  isLivePhase,
  type CallEndReason,
  type CallEvent,
  type CallPhase,
} from './call-state';
import { withVideoStartBitrate } from './sdp';

export type ChatEntry = ChatMessage & {
  /** Sent (or waiting to be sent), not yet acknowledged by the server. */
  pending?: boolean;
  /** The server refused it or its upload failed; it was not delivered. */
  failed?: boolean;
  /** 0..1 while an attachment uploads (the spec's isLoading / loadingProgress). */
  loadingProgress?: number;
  mine: boolean;
};

export type CallSessionSnapshot = {
  phase: CallPhase;
  self: Participant | null;
  peer: Participant | null;
  localStream: MediaStream | null;
  remoteStream: MediaStream | null;
  /** In order (acknowledged by id, then this side's unacknowledged ones), deduped by id. */
  chat: readonly ChatEntry[];
  microphoneEnabled: boolean;
  cameraEnabled: boolean;
};

export type CallSocket = Socket;

export type CallCredentials =
  /** The anonymous caller, with the token `POST /api/calls/videoCall` returned. */
  | { role: 'caller'; callToken: string }
  /** An operator: the console socket's handshake carries the session. */
  | { role: 'operator' };

export type CallSessionOptions = {
  call: { id: number; room: string };
  credentials: CallCredentials;
  /** The session attaches its listeners and removes them on dispose. */
  socket: CallSocket;
  /** True for the caller's own socket: dispose() disconnects it. */
  ownsSocket?: boolean;
  userName?: string;
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
};

/** ICE that stays `disconnected` this long is restarted; it often recovers by itself before. */
export const ICE_RESTART_DELAY_MS = 2_000;
/** A join the server leaves unanswered this long, on a connected socket, is sent again or fails. */
export const JOIN_ACK_TIMEOUT_MS = 10_000;
/** Hanging up waits this long at most for the server to confirm the leave. */
const LEAVE_ACK_TIMEOUT_MS = 2_000;
/** Remote candidates kept while no remote description exists; a real exchange has a few dozen. */
const MAX_QUEUED_CANDIDATES = 200;

type ChatUser = ChatMessage['user'];
type OutgoingChat = Pick<ChatSend, 'message' | 'attachmentId'>;
type NegotiationRole = 'offerer' | 'answerer';

/** 1 is the caller and 2 the operator, in chat messages (spec §3). */
function chatUserOf(role: CallCredentials['role']): ChatUser {
  return role === 'caller' ? 1 : 2;
}

/** A chat message id of our own choosing: a re-send after a reconnect is stored once. */
export function newChatClientId(): string {
  const cryptoApi = globalThis.crypto;
  if (typeof cryptoApi?.randomUUID === 'function') return cryptoApi.randomUUID().replaceAll('-', '');
  const bytes = new Uint8Array(18);
  if (cryptoApi?.getRandomValues) cryptoApi.getRandomValues(bytes);
  else for (let index = 0; index < bytes.length; index += 1) bytes[index] = Math.floor(Math.random() * 256);
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replaceAll('=', '');
}

/** The server's reason, seen from this side: the other one leaving, or this one being gone too long. */
function endReasonOf(reason: CallEnded['reason'], role: CallCredentials['role']): CallEndReason {
  switch (reason) {
    case 'caller_left':
      return role === 'caller' ? 'timeout' : 'peer_left';
    case 'operator_left':
      return role === 'operator' ? 'timeout' : 'peer_left';
    default:
      return reason;
  }
}

function candidatePayload(candidate: RTCIceCandidate): IceCandidatePayload {
  const init: RTCIceCandidateInit =
    typeof candidate.toJSON === 'function' ? candidate.toJSON() : (candidate as RTCIceCandidateInit);
  return {
    candidate: init.candidate ?? '',
    sdpMid: init.sdpMid ?? null,
    sdpMLineIndex: init.sdpMLineIndex ?? null,
    usernameFragment: init.usernameFragment ?? null,
  };
}

/** Acknowledged messages by id, then this side's unacknowledged ones in the order they were sent. */
function orderChat(entries: ChatEntry[]): ChatEntry[] {
  const acknowledged = entries.filter((entry) => entry.id > 0).sort((a, b) => a.id - b.id);
  const local = entries.filter((entry) => entry.id <= 0).sort((a, b) => b.id - a.id);
  return [...acknowledged, ...local];
}

function isIceHealthy(state: RTCIceConnectionState): boolean {
  return state === 'connected' || state === 'completed';
}

/**
 * One participant's side of a video call: room membership over Socket.IO, the peer-to-peer media
 * (RTCPeerConnection) and the chat, as a store that React reads with useSyncExternalStore.
 *
 * Who offers: the participant that joins a room where the other one already is (normally the
 * operator, on accept) sends `start`; the other answers. The offerer also restarts ICE
 * (`newRemoteOffer`) when the connection drops (ICE disconnected for ICE_RESTART_DELAY_MS or
 * failed), after its own socket came back, and when the peer's socket came back (`newUserInRoom`)
 * while the media is down. Signaling runs one step at a time, in arrival order.
 *
 * The socket may drop at any time: the session re-joins on every `connect` with the highest chat
 * id it has seen (the server replays what was missed), and chat messages written meanwhile wait as
 * `pending` and are sent after the re-join with the same clientId (the server stores them once).
 *
 * Every inbound payload is parsed with the contracts' schemas; what does not parse is dropped.
 * Nothing thrown inside a socket or WebRTC callback escapes it.
 */
export class CallSession {
  private readonly options: CallSessionOptions;
  private readonly socket: CallSocket;
  private readonly room: string;
  private readonly role: CallCredentials['role'];
  private readonly chatUser: ChatUser;
  private readonly listeners = new Set<() => void>();
  private snapshot: CallSessionSnapshot;

  private disposed = false;
  /** join() was called and the call is not over: every (re)connect joins again. */
  private wantsRoom = false;
  /** The join was acknowledged on the socket's current connection. */
  private inRoom = false;
  private joinAttempt = 0;
  private joinTimer: ReturnType<typeof setTimeout> | undefined;
  private firstJoin: Promise<void> | null = null;
  private resolveFirstJoin: (() => void) | null = null;

  private peerConnection: RTCPeerConnection | null = null;
  private negotiationRole: NegotiationRole | null = null;
  private signalingChain: Promise<void> = Promise.resolve();
  /** Remote candidates that came before the remote description (Safari rejects those). */
  private queuedCandidates: RTCIceCandidateInit[] = [];
  private renegotiationPending = false;
  private socketDown = false;
  private iceDown = false;
  private iceRestartTimer: ReturnType<typeof setTimeout> | undefined;
  private lastIceRestartAt = 0;
  private remoteVideoReported = false;

  private lastChatId = 0;
  private nextLocalChatId = 0;
  /** Chat messages not yet acknowledged, by clientId, in the order they were written. */
  private readonly outbox = new Map<string, OutgoingChat>();

  /** Our listeners, as attached: a shared socket (the console's) keeps everyone else's. */
  private readonly socketListeners: [string, (...args: unknown[]) => void][];
  private readonly network: CallSessionOptions['network'];
  private readonly onOffline = () => this.guard(() => this.dropDeadTransport());

  constructor(options: CallSessionOptions) {
    this.options = options;
    this.socket = options.socket;
    this.room = options.call.room;
    this.role = options.credentials.role;
    this.chatUser = chatUserOf(this.role);
    this.snapshot = {
      phase: initialCallPhase,
      self: null,
      peer: null,
      localStream: options.localStream,
      remoteStream: null,
      chat: [],
      microphoneEnabled: true,
      cameraEnabled: true,
    };
    const handlers: [string, (payload: unknown) => void][] = [
      ['connect', () => this.onConnect()],
      ['disconnect', (reason) => this.onDisconnect(reason)],
      ['connect_error', () => this.onConnectError()],
      [callSocketEvents.message, (payload) => this.onServerMessage(payload)],
      [callSocketEvents.chatMessage, (payload) => this.onChatMessage(payload)],
      [callSocketEvents.queuePosition, (payload) => this.onQueuePosition(payload)],
      [callSocketEvents.callEnded, (payload) => this.onCallEnded(payload)],
    ];
    this.socketListeners = handlers.map(([event, handler]) => [
      event,
      (...args: unknown[]) => this.guard(() => handler(args[0])),
    ]);
    for (const [event, listener] of this.socketListeners) this.socket.on(event, listener);
    this.network =
      options.network === undefined ? (typeof window === 'undefined' ? null : window) : options.network;
    this.network?.addEventListener('offline', this.onOffline);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = (): CallSessionSnapshot => this.snapshot;

  /** Joins the room; resolves once the server answered the first join (the phase tells how). */
  join(): Promise<void> {
    if (this.disposed || this.snapshot.phase.status === 'ended') return Promise.resolve();
    if (this.wantsRoom && this.firstJoin) return this.firstJoin;
    this.wantsRoom = true;
    this.dispatch({ type: 'joinStarted' });
    this.firstJoin = new Promise((resolve) => (this.resolveFirstJoin = resolve));
    if (this.socket.connected) this.emitJoin();
    else if (!this.socket.active) this.socket.connect();
    return this.firstJoin;
  }

  sendMessage(text: string): void {
    const message = text.trim().slice(0, CHAT_MESSAGE_MAX);
    if (!message || this.disposed || !isLivePhase(this.snapshot.phase)) return;
    const clientId = newChatClientId();
    this.addLocalEntry(clientId, { message, isFile: false, fileData: null });
    this.outbox.set(clientId, { message });
    this.deliver(clientId);
  }

  /**
   * Uploads over HTTP (progress in the entry), then sends the chat message that points to it.
   * Rejects only a file over CALL_ATTACHMENT_MAX_BYTES; a failed upload marks its entry failed.
   */
  async sendFile(file: File): Promise<void> {
    if (file.size > CALL_ATTACHMENT_MAX_BYTES) throw new RangeError(callTexts.attachmentTooLarge);
    if (this.disposed || !isLivePhase(this.snapshot.phase)) return;
    const clientId = newChatClientId();
    const mime = file.type || 'application/octet-stream';
    this.addLocalEntry(clientId, {
      message: '',
      isFile: true,
      fileData: { id: 0, name: file.name, mime, size: file.size },
      loadingProgress: 0,
    });
    let attachment: Attachment;
    try {
      attachment = await this.options.uploadAttachment(file, (fraction) =>
        this.guard(() =>
          this.patchLocalEntry(clientId, { loadingProgress: Math.min(1, Math.max(0, fraction)) }),
        ),
      );
    } catch {
      this.patchLocalEntry(clientId, { pending: false, failed: true, loadingProgress: undefined });
      return;
    }
    if (this.disposed) return;
    this.patchLocalEntry(clientId, { fileData: attachment, loadingProgress: undefined });
    if (!isLivePhase(this.snapshot.phase)) {
      this.patchLocalEntry(clientId, { pending: false, failed: true });
      return;
    }
    this.outbox.set(clientId, { attachmentId: attachment.id });
    this.deliver(clientId);
  }

  setMicrophoneEnabled(enabled: boolean): void {
    this.snapshot.localStream?.getAudioTracks().forEach((track) => (track.enabled = enabled));
    this.update({ microphoneEnabled: enabled });
  }

  setCameraEnabled(enabled: boolean): void {
    this.snapshot.localStream?.getVideoTracks().forEach((track) => (track.enabled = enabled));
    this.update({ cameraEnabled: enabled });
  }

  /** Another camera or microphone mid-call: the senders switch tracks, no new call setup. */
  replaceLocalStream(stream: MediaStream): void {
    if (this.disposed) return;
    stream.getAudioTracks().forEach((track) => (track.enabled = this.snapshot.microphoneEnabled));
    stream.getVideoTracks().forEach((track) => (track.enabled = this.snapshot.cameraEnabled));
    this.update({ localStream: stream });
    const peerConnection = this.peerConnection;
    if (!peerConnection) return;
    this.enqueueSignaling(async () => {
      if (this.peerConnection !== peerConnection) return;
      let needsNegotiation = false;
      for (const kind of ['audio', 'video'] as const) {
        const track = stream.getTracks().find((candidate) => candidate.kind === kind) ?? null;
        const transceiver = peerConnection
          .getTransceivers()
          .find((candidate) => candidate.receiver.track.kind === kind);
        if (transceiver) {
          await transceiver.sender.replaceTrack(track);
          if (track && (transceiver.direction === 'recvonly' || transceiver.direction === 'inactive')) {
            transceiver.direction = transceiver.direction === 'recvonly' ? 'sendrecv' : 'sendonly';
            needsNegotiation = true;
          }
        } else if (track) {
          peerConnection.addTrack(track, stream);
          needsNegotiation = true;
        }
      }
      if (needsNegotiation) await this.renegotiate();
    });
  }

  /** The remote <video> showed its first frame: tells the peer (`onVideoReady`), once per stream. */
  reportRemoteVideoReady(): void {
    if (this.remoteVideoReported || !this.snapshot.remoteStream) return;
    this.remoteVideoReported = true;
    this.sendSignal({ id: 'onVideoReady', roomName: this.room });
  }

  /** Terminar Llamada: ends the call for both sides. */
  async hangUp(): Promise<void> {
    if (this.disposed) return;
    const announce = this.wantsRoom && this.socket.connected;
    this.stop({ type: 'ended', reason: 'local_hangup' });
    if (!announce) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, LEAVE_ACK_TIMEOUT_MS);
      this.socket.emit(callSocketEvents.leave, { roomName: this.room }, () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.wantsRoom = false;
    this.inRoom = false;
    for (const [event, listener] of this.socketListeners) this.socket.off(event, listener);
    this.network?.removeEventListener('offline', this.onOffline);
    clearTimeout(this.joinTimer);
    this.closePeerConnection();
    this.resolveFirstJoin?.();
    if (this.options.ownsSocket) this.socket.disconnect();
  }

  // ── store ──────────────────────────────────────────────────────────────────────────────────

  private update(patch: Partial<CallSessionSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of [...this.listeners]) listener();
  }

  private dispatch(event: CallEvent): void {
    const phase = callReducer(this.snapshot.phase, event);
    if (phase !== this.snapshot.phase) this.update({ phase });
  }

  private guard(action: () => void): void {
    if (this.disposed) return;
    try {
      action();
    } catch (error) {
      console.warn('[call] ignored a failure in an event handler', error);
    }
  }

  private hasChat(): boolean {
    return this.snapshot.chat.some((entry) => entry.id > 0);
  }

  /** Leaves the call on this side: media closed, nothing more sent, unsent chat marked failed. */
  private stop(event: Extract<CallEvent, { type: 'ended' | 'peerLeft' | 'failed' }>): void {
    this.wantsRoom = false;
    this.inRoom = false;
    clearTimeout(this.joinTimer);
    this.closePeerConnection();
    for (const clientId of this.outbox.keys())
      this.patchLocalEntry(clientId, { pending: false, failed: true });
    this.outbox.clear();
    if (this.snapshot.remoteStream) this.update({ remoteStream: null });
    this.dispatch(event.type === 'failed' ? event : { ...event, chatOccurred: this.hasChat() });
    this.resolveFirstJoin?.();
  }

  // ── room membership ────────────────────────────────────────────────────────────────────────

  private onConnect(): void {
    if (this.wantsRoom) this.emitJoin();
  }

  private onDisconnect(reason: unknown): void {
    this.inRoom = false;
    this.socketDown = true;
    clearTimeout(this.joinTimer);
    this.updateReconnecting();
    // Socket.IO retries every drop by itself except a close decided by the server.
    if (reason === 'io server disconnect' && this.options.ownsSocket && this.wantsRoom) this.socket.connect();
  }

  /**
   * The device lost its network: say so now, and close the transport so Socket.IO starts its
   * reconnection (and the re-join that fetches missed chat) instead of waiting for a ping to fail.
   */
  private dropDeadTransport(): void {
    if (!this.wantsRoom) return;
    this.socketDown = true;
    this.updateReconnecting();
    this.socket.io?.engine?.close();
  }

  private onConnectError(): void {
    // Not retried by Socket.IO (refused by the server's middleware) and the call never started.
    if (this.socket.active || this.snapshot.phase.status !== 'joining') return;
    this.stop({ type: 'failed', error: 'connect_error', message: errorMessages.generic });
  }

  private emitJoin(): void {
    const attempt = ++this.joinAttempt;
    const payload: JoinPayload = {
      roomName: this.room,
      videoCallID: this.options.call.id,
      lastChatId: this.lastChatId,
      userName: this.options.userName ?? '',
      ...(this.options.credentials.role === 'caller'
        ? { callToken: this.options.credentials.callToken }
        : {}),
    };
    clearTimeout(this.joinTimer);
    this.joinTimer = setTimeout(() => this.guard(() => this.onJoinTimeout(attempt)), JOIN_ACK_TIMEOUT_MS);
    this.socket.emit(callSocketEvents.join, payload, (ack: unknown) =>
      this.guard(() => this.onJoinAck(attempt, ack)),
    );
  }

  private onJoinTimeout(attempt: number): void {
    if (attempt !== this.joinAttempt || !this.wantsRoom || !this.socket.connected) return;
    if (this.snapshot.phase.status !== 'joining') return this.emitJoin();
    this.stop({ type: 'failed', error: 'join_timeout', message: errorMessages.generic });
  }

  private onJoinAck(attempt: number, ack: unknown): void {
    if (attempt !== this.joinAttempt || !this.wantsRoom) return;
    if (typeof ack !== 'object' || ack === null || !('ok' in ack)) return;
    clearTimeout(this.joinTimer);
    if (ack.ok !== true) {
      const refusal = ack as { error?: unknown; message?: unknown };
      this.stop({
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
    const peer = users.success ? (users.data.find((user) => user.role !== this.role) ?? null) : null;
    if (accepted.status === 'ended' || accepted.status === 'abandoned') {
      this.stop({ type: 'ended', reason: accepted.status === 'ended' ? 'hangup' : 'abandoned' });
      return;
    }
    this.inRoom = true;
    this.socketDown = false;
    this.update({
      self: self.success ? self.data : this.snapshot.self,
      peer: peer ?? this.snapshot.peer,
    });
    this.dispatch({ type: 'joined', peerPresent: peer !== null });
    this.updateReconnecting();
    for (const clientId of this.outbox.keys()) this.deliver(clientId);
    this.resolveFirstJoin?.();
  }

  // ── signaling ──────────────────────────────────────────────────────────────────────────────

  private onServerMessage(payload: unknown): void {
    const parsed = serverMessageSchema.safeParse(payload);
    if (!parsed.success || parsed.data.roomName !== this.room) return;
    const message: ServerMessage = parsed.data;
    if (!this.wantsRoom) return;
    switch (message.id) {
      case 'usersInRoom': {
        const peer = message.users.find((user) => user.role !== this.role);
        if (!peer) return;
        this.peerArrived(peer);
        // We joined second: we offer. A re-join after our own reconnect restarts ICE if it is down.
        this.enqueueSignaling(async () => {
          if (!this.peerConnection) await this.startAsOfferer();
          else if (this.negotiationRole === 'offerer' && this.mediaNeedsRestart()) await this.restartIce();
        });
        return;
      }
      case 'newUserInRoom':
        if (message.user.role === this.role) return;
        this.peerArrived(message.user);
        // The peer's socket came back: an offer or restart it missed meanwhile is made again.
        this.enqueueSignaling(async () => {
          if (this.negotiationRole === 'offerer' && this.mediaNeedsRestart()) await this.restartIce();
        });
        return;
      case 'userLeaveRoom':
        if (message.user.role !== this.role) this.stop({ type: 'peerLeft' });
        return;
      case 'start':
        this.dispatch({ type: 'peerJoined' });
        this.enqueueSignaling(() => this.answerStart(message.sdpOffer));
        return;
      case 'newRemoteOffer':
        this.enqueueSignaling(() => this.answerRenegotiation(message.sdpOffer));
        return;
      case 'startResponse':
      case 'remoteResponse':
        this.enqueueSignaling(() => this.acceptAnswer(message.sdpAnswer));
        return;
      case 'iceCandidate':
      case 'remoteIceCandidate':
        this.enqueueSignaling(() => this.addRemoteCandidate(message.candidate));
        return;
      default:
        // onVideoReady, onUserVideoReady, onStreamerVideoReady and recording: nothing to do here.
        return;
    }
  }

  private peerArrived(peer: Participant): void {
    this.update({ peer });
    this.dispatch({ type: 'peerJoined' });
  }

  /** Signaling steps await each other: an answer must not overtake the offer it answers. */
  private enqueueSignaling(step: () => Promise<void>): void {
    this.signalingChain = this.signalingChain
      .then(() => (this.disposed || !this.wantsRoom ? undefined : step()))
      .catch((error: unknown) => console.warn('[call] signaling step failed', error));
  }

  private sendSignal(message: ClientMessage): void {
    // While the socket is down an emit would be buffered and refused (not yet in the room):
    // the re-join restarts ICE instead.
    if (!this.socket.connected || this.disposed) return;
    this.socket.emit(callSocketEvents.message, message);
  }

  private createPeerConnection(role: NegotiationRole): RTCPeerConnection {
    this.closePeerConnection();
    const config: RTCConfiguration = { iceServers: this.options.iceServers ?? [] };
    const peerConnection = this.options.createPeerConnection
      ? this.options.createPeerConnection(config)
      : new RTCPeerConnection(config);
    peerConnection.onicecandidate = (event) =>
      this.guard(() => {
        if (this.peerConnection !== peerConnection || !event.candidate?.candidate) return;
        const candidate = candidatePayload(event.candidate);
        this.sendSignal(
          this.negotiationRole === 'offerer'
            ? { id: 'onIceCandidate', roomName: this.room, candidate }
            : { id: 'onIceCandidateRemote', roomName: this.room, candidate },
        );
      });
    peerConnection.ontrack = (event) =>
      this.guard(() => {
        if (this.peerConnection === peerConnection) this.onRemoteTrack(event);
      });
    peerConnection.oniceconnectionstatechange = () =>
      this.guard(() => {
        if (this.peerConnection === peerConnection) this.onIceState(peerConnection.iceConnectionState);
      });
    this.peerConnection = peerConnection;
    this.negotiationRole = role;
    return peerConnection;
  }

  private closePeerConnection(): void {
    clearTimeout(this.iceRestartTimer);
    const peerConnection = this.peerConnection;
    this.renegotiationPending = false;
    this.iceDown = false;
    // Without a connection the queue holds candidates for the next one: keep them.
    if (!peerConnection) return;
    this.peerConnection = null;
    this.negotiationRole = null;
    this.queuedCandidates = [];
    peerConnection.onicecandidate = null;
    peerConnection.ontrack = null;
    peerConnection.oniceconnectionstatechange = null;
    try {
      peerConnection.close();
    } catch {
      // Already closed.
    }
  }

  /** The offerer sends every local track; a kind it lacks (no camera) is still received. */
  private addLocalTracks(peerConnection: RTCPeerConnection, role: NegotiationRole): void {
    const stream = this.snapshot.localStream;
    const tracks = stream?.getTracks() ?? [];
    for (const track of tracks) peerConnection.addTrack(track, stream as MediaStream);
    if (role !== 'offerer') return;
    for (const kind of ['audio', 'video'] as const) {
      if (!tracks.some((track) => track.kind === kind))
        peerConnection.addTransceiver(kind, { direction: 'recvonly' });
    }
  }

  private async startAsOfferer(): Promise<void> {
    const peerConnection = this.createPeerConnection('offerer');
    this.addLocalTracks(peerConnection, 'offerer');
    await this.sendOffer(peerConnection, 'start', false);
  }

  private async sendOffer(
    peerConnection: RTCPeerConnection,
    id: 'start' | 'newRemoteOffer',
    iceRestart: boolean,
  ): Promise<void> {
    const offer = await peerConnection.createOffer(iceRestart ? { iceRestart: true } : undefined);
    if (this.peerConnection !== peerConnection) return;
    await peerConnection.setLocalDescription(offer);
    const sdpOffer = peerConnection.localDescription?.sdp ?? offer.sdp ?? '';
    this.sendSignal({ id, roomName: this.room, sdpOffer });
  }

  private async answerStart(sdpOffer: string): Promise<void> {
    // A new start replaces whatever connection there was (the peer reloaded its page).
    const peerConnection = this.createPeerConnection('answerer');
    await peerConnection.setRemoteDescription({ type: 'offer', sdp: withVideoStartBitrate(sdpOffer) });
    // Tracks after the offer: they take the offer's transceivers instead of adding new ones.
    this.addLocalTracks(peerConnection, 'answerer');
    await this.flushQueuedCandidates(peerConnection);
    await this.sendAnswer(peerConnection, 'startResponse');
  }

  private async answerRenegotiation(sdpOffer: string): Promise<void> {
    const existing = this.peerConnection;
    if (!existing) return this.answerStart(sdpOffer);
    if (existing.signalingState === 'have-local-offer') {
      // Both offered at once: the offerer's offer wins, the answerer drops its own and retries later.
      if (this.negotiationRole === 'offerer') return;
      await existing.setLocalDescription({ type: 'rollback' });
      this.renegotiationPending = true;
    }
    await existing.setRemoteDescription({ type: 'offer', sdp: withVideoStartBitrate(sdpOffer) });
    await this.flushQueuedCandidates(existing);
    await this.sendAnswer(existing, 'remoteResponse');
    await this.renegotiateIfPending();
  }

  private async sendAnswer(peerConnection: RTCPeerConnection, id: 'startResponse' | 'remoteResponse') {
    const answer = await peerConnection.createAnswer();
    if (this.peerConnection !== peerConnection) return;
    await peerConnection.setLocalDescription(answer);
    const sdpAnswer = peerConnection.localDescription?.sdp ?? answer.sdp ?? '';
    this.sendSignal({ id, roomName: this.room, sdpAnswer });
  }

  private async acceptAnswer(sdpAnswer: string): Promise<void> {
    const peerConnection = this.peerConnection;
    if (!peerConnection || peerConnection.signalingState !== 'have-local-offer') return;
    await peerConnection.setRemoteDescription({ type: 'answer', sdp: withVideoStartBitrate(sdpAnswer) });
    await this.flushQueuedCandidates(peerConnection);
    await this.renegotiateIfPending();
  }

  private async addRemoteCandidate(candidate: IceCandidatePayload): Promise<void> {
    const peerConnection = this.peerConnection;
    if (!peerConnection || !peerConnection.remoteDescription) {
      if (this.queuedCandidates.length < MAX_QUEUED_CANDIDATES) this.queuedCandidates.push(candidate);
      return;
    }
    await peerConnection.addIceCandidate(candidate).catch(() => undefined);
  }

  private async flushQueuedCandidates(peerConnection: RTCPeerConnection): Promise<void> {
    const queued = this.queuedCandidates;
    this.queuedCandidates = [];
    for (const candidate of queued) await peerConnection.addIceCandidate(candidate).catch(() => undefined);
  }

  private mediaNeedsRestart(): boolean {
    const peerConnection = this.peerConnection;
    if (!peerConnection) return false;
    // An offer still unanswered was probably lost while a socket was down.
    return (
      !isIceHealthy(peerConnection.iceConnectionState) || peerConnection.signalingState === 'have-local-offer'
    );
  }

  private async restartIce(): Promise<void> {
    const peerConnection = this.peerConnection;
    if (!peerConnection || this.negotiationRole !== 'offerer' || !this.socket.connected) return;
    if (peerConnection.signalingState === 'have-local-offer')
      await peerConnection.setLocalDescription({ type: 'rollback' });
    this.lastIceRestartAt = Date.now();
    await this.sendOffer(peerConnection, 'newRemoteOffer', true);
  }

  /** A track kind was added mid-call: either side may offer (`newRemoteOffer`). */
  private async renegotiate(): Promise<void> {
    const peerConnection = this.peerConnection;
    if (!peerConnection || !this.socket.connected) return;
    if (peerConnection.signalingState !== 'stable') {
      this.renegotiationPending = true;
      return;
    }
    this.renegotiationPending = false;
    await this.sendOffer(peerConnection, 'newRemoteOffer', false);
  }

  private async renegotiateIfPending(): Promise<void> {
    if (this.renegotiationPending && this.peerConnection?.signalingState === 'stable')
      await this.renegotiate();
  }

  private onIceState(state: RTCIceConnectionState): void {
    if (isIceHealthy(state)) {
      clearTimeout(this.iceRestartTimer);
      this.iceRestartTimer = undefined;
      this.iceDown = false;
      this.dispatch({ type: 'mediaConnected' });
      this.updateReconnecting();
      return;
    }
    if (state !== 'disconnected' && state !== 'failed') return;
    this.iceDown = true;
    this.updateReconnecting();
    if (this.negotiationRole !== 'offerer') return;
    // `disconnected` often heals by itself; `failed` does not, but restarts are kept apart.
    const sinceLast = Date.now() - this.lastIceRestartAt;
    const delay = state === 'failed' ? Math.max(0, ICE_RESTART_DELAY_MS - sinceLast) : ICE_RESTART_DELAY_MS;
    clearTimeout(this.iceRestartTimer);
    this.iceRestartTimer = setTimeout(
      () =>
        this.guard(() => {
          this.iceRestartTimer = undefined;
          if (this.iceDown) this.enqueueSignaling(() => this.restartIce());
        }),
      delay,
    );
  }

  private updateReconnecting(): void {
    const phase = this.snapshot.phase;
    if (phase.status !== 'connected') return;
    const down = this.socketDown || this.iceDown;
    if (down && !phase.reconnecting) this.dispatch({ type: 'connectionLost' });
    if (!down && phase.reconnecting) this.dispatch({ type: 'connectionRestored' });
  }

  private onRemoteTrack(event: RTCTrackEvent): void {
    // A conversation, not a broadcast: show frames as soon as they decode, no extra buffering.
    if (event.receiver && 'jitterBufferTarget' in event.receiver) event.receiver.jitterBufferTarget = 0;
    const [stream] = event.streams;
    if (stream) {
      if (stream !== this.snapshot.remoteStream) {
        this.remoteVideoReported = false;
        this.update({ remoteStream: stream });
      }
      return;
    }
    // A track without a stream (the sender gave none): gather such tracks in one stream.
    const current = this.snapshot.remoteStream;
    if (current) {
      if (!current.getTracks().includes(event.track)) current.addTrack(event.track);
      this.update({ remoteStream: current });
    } else if (typeof MediaStream !== 'undefined') {
      this.remoteVideoReported = false;
      this.update({ remoteStream: new MediaStream([event.track]) });
    }
  }

  // ── queue and end ──────────────────────────────────────────────────────────────────────────

  private onQueuePosition(payload: unknown): void {
    const parsed = queuePositionSchema.safeParse(payload);
    if (!parsed.success || parsed.data.roomName !== this.room || !this.wantsRoom) return;
    this.dispatch({ type: 'queue', position: parsed.data.position, etaSeconds: parsed.data.eta_seconds });
  }

  private onCallEnded(payload: unknown): void {
    const parsed = callEndedSchema.safeParse(payload);
    if (!parsed.success || parsed.data.roomName !== this.room || !isLivePhase(this.snapshot.phase)) return;
    this.stop({ type: 'ended', reason: endReasonOf(parsed.data.reason, this.role) });
  }

  // ── chat ───────────────────────────────────────────────────────────────────────────────────

  private onChatMessage(payload: unknown): void {
    const parsed = chatMessageSchema.safeParse(payload);
    if (!parsed.success || parsed.data.roomName !== this.room) return;
    this.acceptChatMessage(parsed.data);
  }

  /** A message the server stored: replaces our pending copy (same clientId), once per id. */
  private acceptChatMessage(message: ChatMessage): void {
    const mine = message.user === this.chatUser;
    const chat = this.snapshot.chat;
    if (mine) this.outbox.delete(message.clientId);
    this.lastChatId = Math.max(this.lastChatId, message.id);
    const pendingCopy = mine
      ? chat.find((entry) => entry.id <= 0 && entry.clientId === message.clientId)
      : undefined;
    const known = chat.find((entry) => entry.id === message.id);
    if (known && !pendingCopy) return;
    const others = chat.filter((entry) => entry !== pendingCopy && entry !== known);
    this.update({ chat: orderChat([...others, known ?? { ...message, mine }]) });
    this.dispatch({ type: 'chatOccurred' });
  }

  private addLocalEntry(
    clientId: string,
    content: Pick<ChatEntry, 'message' | 'isFile' | 'fileData' | 'loadingProgress'>,
  ): void {
    this.nextLocalChatId -= 1;
    const entry: ChatEntry = {
      id: this.nextLocalChatId,
      roomName: this.room,
      clientId,
      user: this.chatUser,
      userName: this.snapshot.self?.userName || this.options.userName || '',
      createdAt: (this.options.now?.() ?? new Date()).toISOString(),
      pending: true,
      mine: true,
      ...content,
    };
    this.update({ chat: orderChat([...this.snapshot.chat, entry]) });
  }

  private patchLocalEntry(clientId: string, patch: Partial<ChatEntry>): void {
    const index = this.snapshot.chat.findIndex((entry) => entry.id <= 0 && entry.clientId === clientId);
    const current = this.snapshot.chat[index];
    if (!current) return;
    const next: ChatEntry = { ...current, ...patch };
    if (next.loadingProgress === undefined) delete next.loadingProgress;
    const chat = [...this.snapshot.chat];
    chat[index] = next;
    this.update({ chat });
  }

  /** Sends one outbox message if we are in the room; otherwise it waits for the next join. */
  private deliver(clientId: string): void {
    const outgoing = this.outbox.get(clientId);
    if (!outgoing || !this.inRoom || !this.socket.connected) return;
    const payload: ChatSend = { roomName: this.room, clientId, ...outgoing };
    this.socket.emit(callSocketEvents.chatSend, payload, (ack: unknown) =>
      this.guard(() => this.onChatAck(clientId, ack)),
    );
  }

  private onChatAck(clientId: string, ack: unknown): void {
    if (typeof ack !== 'object' || ack === null || !('ok' in ack)) return;
    if (ack.ok === true) {
      const stored = chatMessageSchema.safeParse((ack as { message?: unknown }).message);
      if (stored.success) this.acceptChatMessage(stored.data);
      return;
    }
    if (!this.outbox.delete(clientId)) return;
    this.patchLocalEntry(clientId, { pending: false, failed: true });
  }
}
