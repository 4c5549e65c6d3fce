import { vi } from 'vitest';
import type { ClientToServerEvents } from '@seguridad/contracts/realtime/events';
import type { CallSocketEvent, SessionSocket } from '../call-types';

export const room = 'room_ABCDEFGHIJKLMNOP';

type ClientEvent = keyof ClientToServerEvents;
/** The server's answer: anything, as a server that cannot be trusted might send. */
type Ack = (response: unknown) => void;
type Emitted = { event: ClientEvent; payload: unknown; ack?: Ack };

/**
 * Socket.IO's client socket as the session uses it: listeners by event name, emits (recorded,
 * with their acks so a test answers as the server would), and connect / disconnect events.
 */
export class FakeSocket implements SessionSocket {
  /** The Socket.IO manager's transport, which the session closes when the network goes away. */
  readonly io = { engine: { close: vi.fn() } };
  connected = false;
  active = false;
  readonly emitted: Emitted[] = [];
  private readonly listeners = new Map<CallSocketEvent, Set<(...args: unknown[]) => void>>();
  readonly connect = vi.fn(() => {
    this.active = true;
  });
  readonly disconnect = vi.fn(() => {
    this.connected = false;
    this.active = false;
    this.fire('disconnect', 'io client disconnect');
  });

  on(event: CallSocketEvent, listener: (...args: unknown[]) => void) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }

  off(event: CallSocketEvent, listener?: (...args: unknown[]) => void) {
    if (listener) this.listeners.get(event)?.delete(listener);
    else this.listeners.delete(event);
    return this;
  }

  emit<Event extends ClientEvent>(event: Event, ...args: Parameters<ClientToServerEvents[Event]>) {
    const [payload, ack]: unknown[] = args;
    this.emitted.push({
      event,
      payload,
      ...(typeof ack === 'function' ? { ack: (response) => ack(response) } : {}),
    });
    return this;
  }

  listenerCount(): number {
    return [...this.listeners.values()].reduce((total, set) => total + set.size, 0);
  }

  /** The server side, which may send anything. */
  fire(event: CallSocketEvent, ...args: unknown[]) {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }

  open() {
    this.connected = true;
    this.active = true;
    this.fire('connect');
  }

  drop(reason = 'transport close') {
    this.connected = false;
    this.fire('disconnect', reason);
  }

  sent(event: ClientEvent): Emitted[] {
    return this.emitted.filter((entry) => entry.event === event);
  }

  /** `message` emits, i.e. signaling, by id. */
  signals(id?: string): Record<string, unknown>[] {
    return this.sent('message')
      .map((entry) => entry.payload as Record<string, unknown>)
      .filter((payload) => id === undefined || payload.id === id);
  }

  lastJoin(): Emitted {
    const joins = this.sent('join');
    const last = joins.at(-1);
    if (!last) throw new Error('no join emitted');
    return last;
  }

  message(payload: Record<string, unknown>) {
    this.fire('message', { roomName: room, ...payload });
  }
}

let sdpCounter = 0;

export class FakeTrack extends EventTarget {
  enabled = true;
  stopped = false;
  constructor(readonly kind: 'audio' | 'video') {
    super();
  }
  stop() {
    this.stopped = true;
  }
  /** The browser ended it (e.g. its own "stop sharing" bar). */
  end() {
    this.stopped = true;
    this.dispatchEvent(new Event('ended'));
  }
}

export function fakeStream(kinds: ('audio' | 'video')[] = ['audio', 'video']): MediaStream {
  const tracks = kinds.map((kind) => new FakeTrack(kind));
  return {
    id: `stream-${++sdpCounter}`,
    getTracks: () => tracks,
    getAudioTracks: () => tracks.filter((track) => track.kind === 'audio'),
    getVideoTracks: () => tracks.filter((track) => track.kind === 'video'),
    addTrack: (track: FakeTrack) => tracks.push(track),
  } as unknown as MediaStream;
}

export type FakeTransceiver = {
  kind: 'audio' | 'video';
  direction: RTCRtpTransceiverDirection;
  receiver: { track: { kind: string } };
  sender: {
    track: unknown;
    streams: unknown[];
    replaceTrack: (track: unknown) => Promise<void>;
    setStreams: (...streams: unknown[]) => void;
  };
};

/** RTCPeerConnection reduced to what signaling touches, recording every call. */
export class FakePeerConnection {
  static created: FakePeerConnection[] = [];
  readonly calls: string[] = [];
  readonly addedCandidates: RTCIceCandidateInit[] = [];
  readonly transceivers: FakeTransceiver[] = [];
  offerOptions: (RTCOfferOptions | undefined)[] = [];
  localDescription: RTCSessionDescriptionInit | null = null;
  remoteDescription: RTCSessionDescriptionInit | null = null;
  signalingState: RTCSignalingState = 'stable';
  iceConnectionState: RTCIceConnectionState = 'new';
  closed = false;
  onicecandidate: ((event: { candidate: unknown }) => void) | null = null;
  ontrack: ((event: { track: unknown; streams: unknown[] }) => void) | null = null;
  oniceconnectionstatechange: (() => void) | null = null;

  constructor(readonly config: RTCConfiguration) {
    FakePeerConnection.created.push(this);
  }

  static last(): FakePeerConnection {
    const last = FakePeerConnection.created.at(-1);
    if (!last) throw new Error('no peer connection');
    return last;
  }

  async createOffer(options?: RTCOfferOptions) {
    this.calls.push('createOffer');
    this.offerOptions.push(options);
    return { type: 'offer' as const, sdp: `v=0 offer ${++sdpCounter}` };
  }

  async createAnswer() {
    this.calls.push('createAnswer');
    return { type: 'answer' as const, sdp: `v=0 answer ${++sdpCounter}` };
  }

  async setLocalDescription(description: RTCSessionDescriptionInit) {
    this.calls.push(`setLocalDescription:${description.type}`);
    if (description.type === 'rollback') {
      this.localDescription = null;
      this.signalingState = 'stable';
      return;
    }
    this.localDescription = description;
    this.signalingState = description.type === 'offer' ? 'have-local-offer' : 'stable';
  }

  async setRemoteDescription(description: RTCSessionDescriptionInit) {
    this.calls.push(`setRemoteDescription:${description.type}`);
    this.remoteDescription = description;
    this.signalingState = description.type === 'offer' ? 'have-remote-offer' : 'stable';
    if (description.type === 'offer' && this.transceivers.length === 0) {
      for (const kind of ['audio', 'video'] as const) this.addTransceiver(kind, { direction: 'recvonly' });
    }
  }

  async addIceCandidate(candidate: RTCIceCandidateInit) {
    // As Safari does: a candidate before the remote description is an error.
    if (!this.remoteDescription) throw new DOMException('no remote description', 'InvalidStateError');
    this.calls.push('addIceCandidate');
    this.addedCandidates.push(candidate);
  }

  addTransceiver(trackOrKind: 'audio' | 'video' | FakeTrack, init?: RTCRtpTransceiverInit) {
    const kind = typeof trackOrKind === 'string' ? trackOrKind : trackOrKind.kind;
    const transceiver: FakeTransceiver = {
      kind,
      direction: init?.direction ?? 'sendrecv',
      receiver: { track: { kind } },
      sender: {
        track: typeof trackOrKind === 'string' ? null : trackOrKind,
        streams: [...(init?.streams ?? [])],
        replaceTrack: async (track) => {
          transceiver.sender.track = track;
        },
        setStreams: (...streams) => {
          transceiver.sender.streams = streams;
        },
      },
    };
    this.transceivers.push(transceiver);
    return transceiver;
  }

  addTrack(track: FakeTrack) {
    this.calls.push(`addTrack:${track.kind}`);
    const free = this.transceivers.find(
      (candidate) => candidate.kind === track.kind && !candidate.sender.track,
    );
    const transceiver = free ?? this.addTransceiver(track.kind);
    transceiver.sender.track = track;
    if (transceiver.direction === 'recvonly') transceiver.direction = 'sendrecv';
    return transceiver.sender;
  }

  getTransceivers() {
    return this.transceivers;
  }

  getSenders() {
    return this.transceivers.map((transceiver) => transceiver.sender);
  }

  close() {
    this.closed = true;
    this.signalingState = 'closed';
  }

  fireCandidate(candidate: string) {
    const init = { candidate, sdpMid: '0', sdpMLineIndex: 0, usernameFragment: 'frag' };
    this.onicecandidate?.({ candidate: { ...init, toJSON: () => init } });
  }

  fireIceState(state: RTCIceConnectionState) {
    this.iceConnectionState = state;
    this.oniceconnectionstatechange?.();
  }

  fireTrack(stream: MediaStream) {
    this.ontrack?.({ track: stream.getTracks()[0], streams: [stream] });
  }
}

/** Lets the session's chained promises run. */
export async function settle(rounds = 20) {
  for (let round = 0; round < rounds; round += 1) await Promise.resolve();
}
