import {
  callEndedSchema,
  callSocketEvents,
  queuePositionSchema,
  serverMessageSchema,
  type CallEnded,
  type CallSide,
  type ClientMessage,
  type Participant,
  type RoomAdminAck,
} from '@seguridad/contracts/realtime/call';
import { ChatOutbox } from './chat-outbox';
import { isLivePhase, type CallEndReason } from './call-state';
import { CallStore } from './call-store';
import type { CallSessionSnapshot } from './call-snapshot';
import type { CallContext, CallSessionOptions, CallSocketEvent, SessionSocket } from './call-types';
import { MediaTracks } from './media-tracks';
import { PeerNegotiation } from './peer-negotiation';
import { RoomMembership, type StopEvent } from './room-membership';
import { ScreenShare } from './screen-share';
import { PushedVideoPart } from './pushed-video';
import { KeypadDigits } from './keypad-digits';
import { CallRecordingPart } from './call-recording';
import { MediaConnectDeadline } from './media-connect-deadline';

export type { CallCredentials, CallSessionOptions, CallSocket, SessionSocket } from './call-types';
export type { CallSessionSnapshot, ChatEntry } from './call-snapshot';
export { newChatClientId } from './chat-outbox';
export { ICE_RESTART_DELAY_MS } from './peer-negotiation';
export { JOIN_ACK_TIMEOUT_MS } from './room-membership';
export { MEDIA_CONNECT_TIMEOUT_MS, MEDIA_RESTART_AFTER_MS } from './media-connect-deadline';

/** The server's reason, seen from this side: the other one leaving, or this one being gone too long. */
function endReasonOf(reason: CallEnded['reason'], side: CallSide): CallEndReason {
  switch (reason) {
    case 'caller_left':
      return side === 'caller' ? 'timeout' : 'peer_left';
    case 'operator_left':
      return side === 'answerer' ? 'timeout' : 'peer_left';
    default:
      return reason;
  }
}

/**
 * One participant's side of a video call, as a store that React reads with useSyncExternalStore.
 * It composes eight parts that share the store and the socket (docs/call-engine.md):
 *
 * - RoomMembership: the join, re-joins on every reconnect, the offline shortcut, the leave;
 * - PeerNegotiation: the RTCPeerConnection, offer/answer, candidates, ICE restart;
 * - MediaTracks: local stream with its switches, remote stream;
 * - ChatOutbox: chat entries and the outbox of unacknowledged messages;
 * - ScreenShare: the operator's shared screen, announced by stream id, on both sides;
 * - PushedVideoPart: the video the operator plays in the call (roomAdmin), on both sides;
 * - KeypadDigits: a phone call's keypad, DTMF tones plus the `dtmf` message the console shows;
 * - CallRecordingPart: whether the call is being recorded (startRecording / stopRecording).
 *
 * The session itself routes socket events to them, keeps `reconnecting` (socket or ICE down) and
 * stops every part when the call ends. Every inbound payload is parsed with the contracts'
 * schemas; what does not parse is dropped. Nothing thrown inside a socket or WebRTC callback
 * escapes it.
 */
export class CallSession {
  private readonly store: CallStore;
  private readonly socket: SessionSocket;
  private readonly context: CallContext;
  private readonly membership: RoomMembership;
  private readonly negotiation: PeerNegotiation;
  private readonly media: MediaTracks;
  private readonly chat: ChatOutbox;
  private readonly screen: ScreenShare;
  private readonly pushedVideo: PushedVideoPart;
  private readonly keypad: KeypadDigits;
  private readonly recording: CallRecordingPart;
  private readonly mediaDeadline: MediaConnectDeadline;
  private disposed = false;
  private lastTyping = '';

  /** Our listeners, as attached: a shared socket (the console's) keeps everyone else's. */
  private readonly socketListeners: [CallSocketEvent, (...args: unknown[]) => void][];
  private readonly network: CallSessionOptions['network'];
  private readonly onOffline = () => this.guard(() => this.membership.onOffline());

  constructor(private readonly options: CallSessionOptions) {
    this.socket = options.socket;
    this.store = new CallStore(options.localStream);
    this.context = {
      store: this.store,
      socket: this.socket,
      room: options.call.room,
      side: options.credentials.side,
      guard: (action) => this.guard(action),
      isDisposed: () => this.disposed,
      isActive: () => !this.disposed && this.membership.wantsRoom,
      sendSignal: (message) => this.sendSignal(message),
    };
    this.screen = new ScreenShare(this.context, {
      setScreenTrack: (stream) => this.negotiation.setScreen(stream),
    });
    this.pushedVideo = new PushedVideoPart(this.context);
    this.recording = new CallRecordingPart(this.context, options.call.id);
    this.media = new MediaTracks(this.context, {
      claimRemoteStream: (stream) => this.screen.claimRemoteStream(stream),
    });
    this.negotiation = new PeerNegotiation(this.context, this.media, {
      iceServers: options.iceServers,
      createPeerConnection: options.createPeerConnection,
      screenStream: () => this.store.get().localScreenStream,
      audioOnly: options.audioOnly,
      onIceHealth: (healthy) => {
        if (healthy) this.store.dispatch({ type: 'mediaConnected' });
        this.updateReconnecting();
      },
    });
    this.keypad = new KeypadDigits(this.context, { audioSender: () => this.negotiation.audioSender() });
    this.membership = new RoomMembership(this.context, {
      call: options.call,
      credentials: options.credentials,
      ownsSocket: options.ownsSocket,
      userName: options.userName,
      lastChatId: () => this.chat.lastChatId,
      onJoined: (self, peer) => this.onJoined(self, peer),
      onTransportChange: () => this.updateReconnecting(),
      onStop: (event) => this.stop(event),
    });
    this.mediaDeadline = new MediaConnectDeadline(this.context, {
      restartIce: () => this.negotiation.restartIfStalled(),
      giveUp: () => void this.giveUpOnMedia(),
      restartAfterMs: options.mediaRestartAfterMs,
      timeoutMs: options.mediaConnectTimeoutMs,
    });
    this.chat = new ChatOutbox(this.context, {
      uploadAttachment: options.uploadAttachment,
      userName: options.userName,
      now: options.now,
      inRoom: () => this.membership.inRoom,
    });

    const handlers: [CallSocketEvent, (payload: unknown) => void][] = [
      ['connect', () => this.membership.onConnect()],
      ['disconnect', (reason) => this.membership.onDisconnect(reason)],
      ['connect_error', () => this.membership.onConnectError()],
      [callSocketEvents.message, (payload) => this.onServerMessage(payload)],
      [callSocketEvents.chatMessage, (payload) => this.chat.receive(payload)],
      [callSocketEvents.queuePosition, (payload) => this.onQueuePosition(payload)],
      [callSocketEvents.callEnded, (payload) => this.onCallEnded(payload)],
      [callSocketEvents.roomAdmin, (payload) => this.pushedVideo.receive(payload)],
    ];
    this.socketListeners = handlers.map(([event, handler]) => [
      event,
      (...args: unknown[]) => this.guard(() => handler(args[0])),
    ]);
    for (const [event, listener] of this.socketListeners) this.socket.on(event, listener);
    // A silent call never has media to wait for.
    if (options.textOnly) this.mediaDeadline.close();
    this.network =
      options.network === undefined ? (typeof window === 'undefined' ? null : window) : options.network;
    this.network?.addEventListener('offline', this.onOffline);
  }

  subscribe = (listener: () => void): (() => void) => this.store.subscribe(listener);

  getSnapshot = (): CallSessionSnapshot => this.store.get();

  /** Joins the room; resolves once the server answered the first join (the phase tells how). */
  join(): Promise<void> {
    if (this.disposed || this.store.get().phase.status === 'ended') return Promise.resolve();
    return this.membership.join();
  }

  sendMessage(text: string): void {
    this.chat.sendMessage(text);
  }

  /** The operator asks a quick question the citizen answers with Sí / No (decision 060). */
  sendQuickQuestion(text: string): void {
    this.chat.sendMessage(text, { quickQuestion: true });
  }

  /** The citizen answers a quick question: its «Sí» or «No» goes into the chat, tied to it. */
  answerQuickQuestion(questionId: number, answer: string): void {
    this.chat.sendMessage(answer, { answerTo: questionId });
  }

  /**
   * Real-time text (decision 060): the citizen's draft as it stands, sent as typed. A draft that
   * did not change is not sent again; '' clears what the operator sees.
   */
  sendTyping(text: string): void {
    if (this.disposed || this.context.side !== 'caller' || !isLivePhase(this.store.get().phase)) return;
    if (text === this.lastTyping) return;
    this.lastTyping = text;
    this.sendSignal({ id: 'typing', roomName: this.context.room, text });
  }

  /**
   * Uploads over HTTP (progress in the entry), then sends the chat message that points to it.
   * Rejects only a file over the attachment limit; a failed upload marks its entry failed.
   */
  sendFile(file: File): Promise<void> {
    return this.chat.sendFile(file);
  }

  setMicrophoneEnabled(enabled: boolean): void {
    this.media.setMicrophoneEnabled(enabled);
  }

  setCameraEnabled(enabled: boolean): void {
    this.media.setCameraEnabled(enabled);
  }

  /** Another camera or microphone mid-call: the senders switch tracks, no new call setup. */
  replaceLocalStream(stream: MediaStream): void {
    if (this.disposed) return;
    this.media.adoptLocalStream(stream);
    this.negotiation.replaceTracks(stream);
  }

  /** The remote <video> showed its first frame: tells the peer (`onVideoReady`), once per stream. */
  reportRemoteVideoReady(): void {
    this.media.reportRemoteVideoReady();
  }

  /** Shares a screen, window or tab (a getDisplayMedia stream) beside the camera. */
  startScreenShare(stream: MediaStream): void {
    if (this.disposed || !isLivePhase(this.store.get().phase)) return;
    this.screen.start(stream);
  }

  /** Stops sharing, on both sides. */
  stopScreenShare(): void {
    this.screen.stop();
  }

  /** The operator plays a video of the company's library to the caller (roomAdmin videoPlay). */
  playVideo(videoID: number): Promise<RoomAdminAck> {
    return this.pushedVideo.request(videoID);
  }

  /** The operator stops the video it pushed. */
  stopVideo(): Promise<RoomAdminAck> {
    return this.pushedVideo.request(null);
  }

  /** The operator asks the server to record the call; `recording` in the snapshot says when it does. */
  startRecording(): void {
    this.recording.requestStart();
  }

  /** The operator's recorder uploaded its last chunk: the server finalises the file. */
  stopRecording(): void {
    this.recording.requestStop();
  }

  /** The shared screen's <video> showed its first frame: tells the sharer (`onStreamerVideoReady`). */
  reportScreenVideoReady(): void {
    this.screen.reportScreenVideoReady();
  }

  /** A phone call's keypad: DTMF tones on the audio and a `dtmf` message the operator sees. */
  sendDigits(keys: string): void {
    if (this.disposed || !this.options.audioOnly || !isLivePhase(this.store.get().phase)) return;
    this.keypad.send(keys);
  }

  /** Terminar Llamada: ends the call for both sides. */
  async hangUp(): Promise<void> {
    if (this.disposed) return;
    const announce = this.membership.wantsRoom && this.socket.connected;
    this.stop({ type: 'ended', reason: 'local_hangup' });
    await this.membership.leave(announce);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.mediaDeadline.close();
    this.membership.stop();
    this.screen.close();
    for (const [event, listener] of this.socketListeners) this.socket.off(event, listener);
    this.network?.removeEventListener('offline', this.onOffline);
    this.negotiation.close();
    this.membership.settleFirstJoin();
    if (this.options.ownsSocket) this.socket.disconnect();
  }

  /** Both were in the room and the media never connected: the call ends for both, as no_media. */
  private async giveUpOnMedia(): Promise<void> {
    console.warn('[call] the media did not connect in time: ending the call');
    const announce = this.membership.wantsRoom && this.socket.connected;
    this.stop({ type: 'ended', reason: 'no_media' });
    await this.membership.leave(announce, 'no_media');
  }

  private guard(action: () => void): void {
    if (this.disposed) return;
    try {
      action();
    } catch (error) {
      console.warn('[call] ignored a failure in an event handler', error);
    }
  }

  private sendSignal(message: ClientMessage): void {
    // While the socket is down an emit would be buffered and refused (not yet in the room):
    // the re-join restarts ICE instead.
    if (!this.socket.connected || this.disposed) return;
    this.socket.emit(callSocketEvents.message, message);
  }

  /** Leaves the call on this side: media closed, nothing more sent, unsent chat marked failed. */
  private stop(event: StopEvent): void {
    this.mediaDeadline.close();
    this.membership.stop();
    this.negotiation.close();
    this.screen.close();
    this.pushedVideo.close();
    this.recording.close();
    this.store.update({ localScreenStream: null, screenSeenByPeer: false, peerTyping: '' });
    this.chat.failPending();
    this.store.dispatch(event.type === 'failed' ? event : { ...event, chatOccurred: this.chat.hasChat() });
    this.membership.settleFirstJoin();
  }

  private onJoined(self: Participant | null, peer: Participant | null): void {
    if (self) this.store.update({ self });
    this.store.dispatch({ type: 'joined', peer });
    this.updateReconnecting();
    this.chat.flush();
  }

  private updateReconnecting(): void {
    const phase = this.store.get().phase;
    if (phase.status !== 'connected') return;
    const down = this.membership.socketDown || this.negotiation.iceDown;
    if (down && !phase.reconnecting) this.store.dispatch({ type: 'connectionLost' });
    if (!down && phase.reconnecting) this.store.dispatch({ type: 'connectionRestored' });
  }

  private onServerMessage(payload: unknown): void {
    const parsed = serverMessageSchema.safeParse(payload);
    if (!parsed.success || parsed.data.roomName !== this.context.room) return;
    const message = parsed.data;
    if (!this.membership.wantsRoom) return;
    const side = this.context.side;
    switch (message.id) {
      case 'usersInRoom': {
        const peer = message.users.find((user) => user.side !== side);
        if (!peer) return;
        this.peerArrived(peer);
        if (this.options.textOnly) return;
        this.screen.peerArrived();
        // We joined second: we offer. A re-join after our own reconnect restarts ICE if it is down.
        this.negotiation.peerPresent();
        return;
      }
      case 'newUserInRoom':
        if (message.user.side === side) return;
        this.peerArrived(message.user);
        if (this.options.textOnly) return;
        this.screen.peerArrived();
        this.negotiation.peerReturned();
        return;
      case 'userLeaveRoom':
        if (message.user.side !== side) this.stop({ type: 'peerLeft' });
        return;
      case 'start':
        if (this.options.textOnly) return;
        this.store.dispatch({ type: 'peerJoined', peer: null });
        this.negotiation.handle(message);
        return;
      case 'newRemoteOffer':
      case 'startResponse':
      case 'remoteResponse':
      case 'iceCandidate':
      case 'remoteIceCandidate':
        if (this.options.textOnly) return;
        this.negotiation.handle(message);
        return;
      case 'typing':
        if (side === 'answerer') this.store.update({ peerTyping: message.text });
        return;
      case 'screenShareStarted':
      case 'screenShareStopped':
      case 'onStreamerVideoReady':
        this.screen.handle(message);
        return;
      case 'dtmf':
        this.keypad.receive(message.digits);
        return;
      case 'startRecording':
      case 'stopRecording':
        this.recording.handle(message);
        return;
      default:
        // onVideoReady and onUserVideoReady: nothing to do here.
        return;
    }
  }

  private peerArrived(peer: Participant): void {
    this.store.dispatch({ type: 'peerJoined', peer });
    // Nothing to negotiate in a silent call: both in the room is the call connected.
    if (this.options.textOnly) this.store.dispatch({ type: 'mediaConnected' });
  }

  private onQueuePosition(payload: unknown): void {
    const parsed = queuePositionSchema.safeParse(payload);
    if (!parsed.success || parsed.data.roomName !== this.context.room || !this.membership.wantsRoom) return;
    this.store.dispatch({
      type: 'queue',
      position: parsed.data.position,
      etaSeconds: parsed.data.eta_seconds,
    });
  }

  private onCallEnded(payload: unknown): void {
    const parsed = callEndedSchema.safeParse(payload);
    if (!parsed.success || parsed.data.roomName !== this.context.room || !isLivePhase(this.store.get().phase))
      return;
    this.stop({ type: 'ended', reason: endReasonOf(parsed.data.reason, this.context.side) });
  }
}
