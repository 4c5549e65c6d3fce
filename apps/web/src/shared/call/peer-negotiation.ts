import type { IceCandidatePayload, ServerMessage } from '@seguridad/contracts/realtime/call';
import type { CallContext } from './call-types';
import type { MediaTracks } from './media-tracks';
import { withVideoStartBitrate } from './sdp';

/** ICE that stays `disconnected` this long is restarted; it often recovers by itself before. */
export const ICE_RESTART_DELAY_MS = 2_000;
/** Remote candidates kept while no remote description exists; a real exchange has a few dozen. */
const MAX_QUEUED_CANDIDATES = 200;

type NegotiationRole = 'offerer' | 'answerer';

export type PeerNegotiationOptions = {
  iceServers?: RTCIceServer[];
  createPeerConnection?: (config: RTCConfiguration) => RTCPeerConnection;
  /** ICE became healthy (`healthy`) or went `disconnected`/`failed`. */
  onIceHealth: (healthy: boolean) => void;
  /** The screen this side shares, sent beside the camera on every new connection. */
  screenStream?: () => MediaStream | null;
  /** A phone call: the offer asks for audio only, never for video this side does not send. */
  audioOnly?: boolean;
};

/** The messages this part answers; the session routes them here. */
export type SignalingMessage = Extract<
  ServerMessage,
  {
    id:
      'start' | 'newRemoteOffer' | 'startResponse' | 'remoteResponse' | 'iceCandidate' | 'remoteIceCandidate';
  }
>;

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

function isIceHealthy(state: RTCIceConnectionState): boolean {
  return state === 'connected' || state === 'completed';
}

/**
 * The RTCPeerConnection and its signaling: offer/answer, remote ICE candidates queued until the
 * remote description exists (Safari rejects earlier ones), renegotiation when a track kind appears,
 * and the ICE restart the offerer makes when the media drops.
 *
 * Who offers: the participant that joins a room where the other one already is (normally the
 * operator, on accept) sends `start`; the other answers. The offerer also restarts ICE
 * (`newRemoteOffer`) when ICE stays disconnected for ICE_RESTART_DELAY_MS or fails, after its own
 * socket came back, and when the peer's socket came back while the media is down. Signaling runs
 * one step at a time, in arrival order.
 */
export class PeerNegotiation {
  private peerConnection: RTCPeerConnection | null = null;
  private negotiationRole: NegotiationRole | null = null;
  private signalingChain: Promise<void> = Promise.resolve();
  /** Remote candidates that came before the remote description. */
  private queuedCandidates: RTCIceCandidateInit[] = [];
  private renegotiationPending = false;
  private iceRestartTimer: ReturnType<typeof setTimeout> | undefined;
  private lastIceRestartAt = 0;
  /** The second video transceiver, which carries the shared screen; made on the first share. */
  private screenTransceiver: RTCRtpTransceiver | null = null;
  /** ICE is `disconnected` or `failed` on the current connection. */
  iceDown = false;

  constructor(
    private readonly context: CallContext,
    private readonly media: MediaTracks,
    private readonly options: PeerNegotiationOptions,
  ) {}

  /** The peer was in the room when we (re-)joined: we offer, or restart ICE if it is down. */
  peerPresent(): void {
    this.enqueue(async () => {
      if (!this.peerConnection) await this.startAsOfferer();
      else if (this.negotiationRole === 'offerer' && this.mediaNeedsRestart()) await this.restartIce();
    });
  }

  /** The peer's socket came back: an offer or restart it missed meanwhile is made again. */
  peerReturned(): void {
    this.enqueue(async () => {
      if (this.negotiationRole === 'offerer' && this.mediaNeedsRestart()) await this.restartIce();
    });
  }

  /** The media has not connected for a while (MediaConnectDeadline): the offerer restarts ICE. */
  restartIfStalled(): void {
    this.enqueue(async () => {
      if (this.negotiationRole === 'offerer' && this.mediaNeedsRestart()) await this.restartIce();
    });
  }

  handle(message: SignalingMessage): void {
    switch (message.id) {
      case 'start':
        return this.enqueue(() => this.answerStart(message.sdpOffer));
      case 'newRemoteOffer':
        return this.enqueue(() => this.answerRenegotiation(message.sdpOffer));
      case 'startResponse':
      case 'remoteResponse':
        return this.enqueue(() => this.acceptAnswer(message.sdpAnswer));
      case 'iceCandidate':
      case 'remoteIceCandidate':
        return this.enqueue(() => this.addRemoteCandidate(message.candidate));
    }
  }

  /** Another camera or microphone mid-call: the senders switch tracks, no new call setup. */
  replaceTracks(stream: MediaStream): void {
    const peerConnection = this.peerConnection;
    if (!peerConnection) return;
    this.enqueue(async () => {
      if (this.peerConnection !== peerConnection) return;
      let needsNegotiation = false;
      for (const kind of ['audio', 'video'] as const) {
        const track = stream.getTracks().find((candidate) => candidate.kind === kind) ?? null;
        const transceiver = peerConnection
          .getTransceivers()
          .find(
            (candidate) => candidate !== this.screenTransceiver && candidate.receiver.track.kind === kind,
          );
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

  /**
   * Sends the shared screen (or withdraws it, with null) on a video transceiver of its own, then
   * renegotiates on the live connection: the camera's transceiver is untouched and keeps playing.
   */
  setScreen(stream: MediaStream | null): void {
    const peerConnection = this.peerConnection;
    if (!peerConnection) return;
    this.enqueue(async () => {
      if (this.peerConnection !== peerConnection) return;
      if (await this.applyScreen(peerConnection, stream)) await this.renegotiate();
    });
  }

  /** The sender of this side's microphone on the live connection (for DTMF), or null. */
  audioSender(): RTCRtpSender | null {
    const peerConnection = this.peerConnection;
    if (!peerConnection) return null;
    return peerConnection.getSenders().find((sender) => sender.track?.kind === 'audio') ?? null;
  }

  close(): void {
    clearTimeout(this.iceRestartTimer);
    const peerConnection = this.peerConnection;
    this.renegotiationPending = false;
    this.iceDown = false;
    // Without a connection the queue holds candidates for the next one: keep them.
    if (!peerConnection) return;
    this.peerConnection = null;
    this.negotiationRole = null;
    this.screenTransceiver = null;
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

  /** Signaling steps await each other: an answer must not overtake the offer it answers. */
  private enqueue(step: () => Promise<void>): void {
    this.signalingChain = this.signalingChain
      .then(() => (this.context.isActive() ? step() : undefined))
      .catch((error: unknown) => console.warn('[call] signaling step failed', error));
  }

  private create(role: NegotiationRole): RTCPeerConnection {
    this.close();
    const config: RTCConfiguration = { iceServers: this.options.iceServers ?? [] };
    const peerConnection = this.options.createPeerConnection
      ? this.options.createPeerConnection(config)
      : new RTCPeerConnection(config);
    const { guard, room } = this.context;
    peerConnection.onicecandidate = (event) =>
      guard(() => {
        if (this.peerConnection !== peerConnection || !event.candidate?.candidate) return;
        const candidate = candidatePayload(event.candidate);
        this.context.sendSignal(
          this.negotiationRole === 'offerer'
            ? { id: 'onIceCandidate', roomName: room, candidate }
            : { id: 'onIceCandidateRemote', roomName: room, candidate },
        );
      });
    peerConnection.ontrack = (event) =>
      guard(() => {
        if (this.peerConnection === peerConnection) this.media.onRemoteTrack(event);
      });
    peerConnection.oniceconnectionstatechange = () =>
      guard(() => {
        if (this.peerConnection === peerConnection) this.onIceState(peerConnection.iceConnectionState);
      });
    this.peerConnection = peerConnection;
    this.negotiationRole = role;
    this.screenTransceiver = null;
    return peerConnection;
  }

  /** True when the connection's media changed and needs an offer. */
  private async applyScreen(peerConnection: RTCPeerConnection, stream: MediaStream | null): Promise<boolean> {
    const track = stream?.getVideoTracks()[0] ?? null;
    const transceiver = this.screenTransceiver;
    if (!track || !stream) {
      if (!transceiver || transceiver.direction === 'inactive') return false;
      await transceiver.sender.replaceTrack(null);
      transceiver.direction = 'inactive';
      return true;
    }
    if (!transceiver) {
      this.screenTransceiver = peerConnection.addTransceiver(track, {
        direction: 'sendonly',
        streams: [stream],
      });
      return true;
    }
    await transceiver.sender.replaceTrack(track);
    // The stream id is what the peer recognises the screen by: a new share announces a new one.
    transceiver.sender.setStreams?.(stream);
    transceiver.direction = 'sendonly';
    return true;
  }

  /** The offerer sends every local track; a kind it lacks (no camera) is still received. */
  private addLocalTracks(peerConnection: RTCPeerConnection, role: NegotiationRole): void {
    const stream = this.media.localStream;
    const tracks = stream?.getTracks() ?? [];
    for (const track of tracks) peerConnection.addTrack(track, stream as MediaStream);
    if (role !== 'offerer') return;
    for (const kind of this.options.audioOnly ? (['audio'] as const) : (['audio', 'video'] as const)) {
      if (!tracks.some((track) => track.kind === kind))
        peerConnection.addTransceiver(kind, { direction: 'recvonly' });
    }
  }

  private async startAsOfferer(): Promise<void> {
    const peerConnection = this.create('offerer');
    this.addLocalTracks(peerConnection, 'offerer');
    const screen = this.options.screenStream?.() ?? null;
    if (screen) await this.applyScreen(peerConnection, screen);
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
    this.context.sendSignal({ id, roomName: this.context.room, sdpOffer });
  }

  private async answerStart(sdpOffer: string): Promise<void> {
    // A new start replaces whatever connection there was (the peer reloaded its page).
    const peerConnection = this.create('answerer');
    await peerConnection.setRemoteDescription({ type: 'offer', sdp: withVideoStartBitrate(sdpOffer) });
    // Tracks after the offer: they take the offer's transceivers instead of adding new ones.
    this.addLocalTracks(peerConnection, 'answerer');
    await this.flushQueuedCandidates(peerConnection);
    await this.sendAnswer(peerConnection, 'startResponse');
    // A screen shared before the peer's new connection: the offer had no place for it, so offer one.
    const screen = this.options.screenStream?.() ?? null;
    if (screen && this.peerConnection === peerConnection && (await this.applyScreen(peerConnection, screen)))
      await this.renegotiate();
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
    this.context.sendSignal({ id, roomName: this.context.room, sdpAnswer });
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
    if (!peerConnection || this.negotiationRole !== 'offerer' || !this.context.socket.connected) return;
    if (peerConnection.signalingState === 'have-local-offer')
      await peerConnection.setLocalDescription({ type: 'rollback' });
    this.lastIceRestartAt = Date.now();
    await this.sendOffer(peerConnection, 'newRemoteOffer', true);
  }

  /** A track kind was added mid-call: either side may offer (`newRemoteOffer`). */
  private async renegotiate(): Promise<void> {
    const peerConnection = this.peerConnection;
    if (!peerConnection || !this.context.socket.connected) return;
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
      this.options.onIceHealth(true);
      return;
    }
    if (state !== 'disconnected' && state !== 'failed') return;
    this.iceDown = true;
    this.options.onIceHealth(false);
    if (this.negotiationRole !== 'offerer') return;
    // `disconnected` often heals by itself; `failed` does not, but restarts are kept apart.
    const sinceLast = Date.now() - this.lastIceRestartAt;
    const delay = state === 'failed' ? Math.max(0, ICE_RESTART_DELAY_MS - sinceLast) : ICE_RESTART_DELAY_MS;
    clearTimeout(this.iceRestartTimer);
    this.iceRestartTimer = setTimeout(
      () =>
        this.context.guard(() => {
          this.iceRestartTimer = undefined;
          if (this.iceDown) this.enqueue(() => this.restartIce());
        }),
      delay,
    );
  }
}
