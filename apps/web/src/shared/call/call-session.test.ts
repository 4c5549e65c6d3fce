import { afterEach, describe, expect, it, vi } from 'vitest';
import { callTexts } from '@seguridad/contracts/messages';
import type { Attachment } from '@seguridad/contracts/http/calls';
import type { ChatMessage, Participant } from '@seguridad/contracts/realtime/call';
import {
  CallSession,
  ICE_RESTART_DELAY_MS,
  newChatClientId,
  type CallCredentials,
  type CallSessionOptions,
  type CallSocket,
} from './call-session';

const room = 'room_ABCDEFGHIJKLMNOP';
const callId = 41;
const callToken = 'caller-token-0123456789abcdef';

const caller: Participant = { userID: `caller:${callId}`, userName: 'Ana', role: 'caller', userAvatar: null };
const operator: Participant = {
  userID: 'operator:7',
  userName: 'Operadora Rosa',
  role: 'operator',
  userAvatar: null,
};

type Ack = (response: unknown) => void;
type Emitted = { event: string; payload: unknown; ack?: Ack };

/**
 * Socket.IO's client socket as the session uses it: listeners by event name, emits (recorded,
 * with their acks so a test answers as the server would), and connect / disconnect events.
 */
class FakeSocket {
  /** The Socket.IO manager's transport, which the session closes when the network goes away. */
  readonly io = { engine: { close: vi.fn() } };
  connected = false;
  active = false;
  readonly emitted: Emitted[] = [];
  private readonly listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  readonly connect = vi.fn(() => {
    this.active = true;
  });
  readonly disconnect = vi.fn(() => {
    this.connected = false;
    this.active = false;
    this.fire('disconnect', 'io client disconnect');
  });

  on(event: string, listener: (...args: unknown[]) => void) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }

  off(event: string, listener?: (...args: unknown[]) => void) {
    if (listener) this.listeners.get(event)?.delete(listener);
    else this.listeners.delete(event);
    return this;
  }

  emit(event: string, payload: unknown, ack?: Ack) {
    this.emitted.push({ event, payload, ack });
    return this;
  }

  listenerCount(): number {
    return [...this.listeners.values()].reduce((total, set) => total + set.size, 0);
  }

  /** The server side. */
  fire(event: string, ...args: unknown[]) {
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

  sent(event: string): Emitted[] {
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

class FakeTrack {
  enabled = true;
  constructor(readonly kind: 'audio' | 'video') {}
}

function fakeStream(kinds: ('audio' | 'video')[] = ['audio', 'video']): MediaStream {
  const tracks = kinds.map((kind) => new FakeTrack(kind));
  return {
    id: `stream-${++sdpCounter}`,
    getTracks: () => tracks,
    getAudioTracks: () => tracks.filter((track) => track.kind === 'audio'),
    getVideoTracks: () => tracks.filter((track) => track.kind === 'video'),
    addTrack: (track: FakeTrack) => tracks.push(track),
  } as unknown as MediaStream;
}

type FakeTransceiver = {
  kind: 'audio' | 'video';
  direction: RTCRtpTransceiverDirection;
  receiver: { track: { kind: string } };
  sender: { track: unknown; replaceTrack: (track: unknown) => Promise<void> };
};

/** RTCPeerConnection reduced to what signaling touches, recording every call. */
class FakePeerConnection {
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

  addTransceiver(kind: 'audio' | 'video', init?: RTCRtpTransceiverInit) {
    const transceiver: FakeTransceiver = {
      kind,
      direction: init?.direction ?? 'sendrecv',
      receiver: { track: { kind } },
      sender: {
        track: null,
        replaceTrack: async (track) => {
          transceiver.sender.track = track;
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
async function settle() {
  for (let round = 0; round < 20; round += 1) await Promise.resolve();
}

function chatMessage(overrides: Partial<ChatMessage> & Pick<ChatMessage, 'id'>): ChatMessage {
  return {
    roomName: room,
    clientId: `client${overrides.id}xxxx`,
    user: 2,
    userName: 'Operadora Rosa',
    message: `mensaje ${overrides.id}`,
    isFile: false,
    fileData: null,
    createdAt: '2025-03-01T12:00:00.000Z',
    ...overrides,
  };
}

type Setup = {
  credentials?: CallCredentials;
  connected?: boolean;
  localStream?: MediaStream | null;
  ownsSocket?: boolean;
  uploadAttachment?: CallSessionOptions['uploadAttachment'];
  network?: CallSessionOptions['network'];
};

const sessions: CallSession[] = [];

function setup({
  credentials = { role: 'caller', callToken },
  connected = true,
  localStream = fakeStream(),
  ownsSocket = false,
  uploadAttachment = async () => ({ id: 9, name: 'foto.png', mime: 'image/png', size: 10 }),
  network = null,
}: Setup = {}) {
  const socket = new FakeSocket();
  if (connected) {
    socket.connected = true;
    socket.active = true;
  }
  const session = new CallSession({
    call: { id: callId, room },
    credentials,
    socket: socket as unknown as CallSocket,
    ownsSocket,
    userName: credentials.role === 'caller' ? 'Ana' : undefined,
    localStream,
    iceServers: [{ urls: 'turn:relay.example:3478', username: 'u', credential: 'p' }],
    createPeerConnection: (config) => new FakePeerConnection(config) as unknown as RTCPeerConnection,
    uploadAttachment,
    now: () => new Date('2025-03-01T12:00:00.000Z'),
    network,
  });
  sessions.push(session);
  return { socket, session };
}

/** Joins and answers the join as the server does; `users` are the others already in the room. */
async function joinAs(socket: FakeSocket, session: CallSession, self: Participant, users: Participant[]) {
  const joined = session.join();
  socket.lastJoin().ack?.({ ok: true, self, users, status: users.length ? 'active' : 'waiting' });
  socket.message({ id: 'usersInRoom', users });
  await joined;
  await settle();
}

/** An operator that accepted the call and made the offer, and the caller is there. */
async function connectedOperator() {
  const { socket, session } = setup({ credentials: { role: 'operator' } });
  await joinAs(socket, session, operator, [caller]);
  const peer = FakePeerConnection.last();
  socket.message({ id: 'startResponse', from: caller.userID, sdpAnswer: 'v=0 answer from caller' });
  await settle();
  peer.fireIceState('connected');
  return { socket, session, peer };
}

/** A caller that waited and answered the operator's offer. */
async function connectedCaller() {
  const { socket, session } = setup();
  await joinAs(socket, session, caller, []);
  socket.message({ id: 'newUserInRoom', user: operator });
  socket.message({ id: 'start', from: operator.userID, sdpOffer: 'v=0 offer from operator' });
  await settle();
  const peer = FakePeerConnection.last();
  peer.fireIceState('connected');
  return { socket, session, peer };
}

afterEach(() => {
  for (const session of sessions.splice(0)) session.dispose();
  FakePeerConnection.created = [];
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('joining', () => {
  it('joins with the caller token and the last chat id, and waits in the queue', async () => {
    const { socket, session } = setup();
    const joined = session.join();
    expect(session.getSnapshot().phase).toEqual({ status: 'joining' });
    expect(socket.lastJoin().payload).toEqual({
      roomName: room,
      videoCallID: callId,
      lastChatId: 0,
      userName: 'Ana',
      callToken,
    });
    socket.lastJoin().ack?.({ ok: true, self: caller, users: [], status: 'waiting' });
    await joined;
    expect(session.getSnapshot().phase).toEqual({ status: 'waiting', position: null, etaSeconds: null });
    expect(session.getSnapshot().self).toEqual(caller);
    socket.fire('call:queue', { roomName: room, position: 2, eta_seconds: 90, operators_online: 1 });
    socket.fire('call:queue', {
      roomName: 'another_room_ABCDEFG',
      position: 9,
      eta_seconds: 9,
      operators_online: 1,
    });
    socket.fire('call:queue', { roomName: room, position: 0, eta_seconds: -1 });
    expect(session.getSnapshot().phase).toEqual({ status: 'waiting', position: 2, etaSeconds: 90 });
  });

  it('joins as operator without a token', async () => {
    const { socket, session } = setup({ credentials: { role: 'operator' } });
    void session.join();
    expect(socket.lastJoin().payload).not.toHaveProperty('callToken');
    expect(socket.lastJoin().payload).toMatchObject({ roomName: room, videoCallID: callId });
  });

  it('connects its own socket first when it is not connected', async () => {
    const { socket, session } = setup({ connected: false });
    const joined = session.join();
    expect(socket.connect).toHaveBeenCalledTimes(1);
    expect(socket.sent('join')).toHaveLength(0);
    socket.open();
    expect(socket.sent('join')).toHaveLength(1);
    socket.lastJoin().ack?.({ ok: true, self: caller, users: [], status: 'waiting' });
    await joined;
    expect(session.getSnapshot().phase.status).toBe('waiting');
  });

  it('fails with the server message when the join is refused, and may try again', async () => {
    const { socket, session } = setup();
    const joined = session.join();
    socket.lastJoin().ack?.({ ok: false, error: 'call_not_found', message: callTexts.callNotFound });
    await joined;
    expect(session.getSnapshot().phase).toEqual({
      status: 'failed',
      error: 'call_not_found',
      message: callTexts.callNotFound,
    });
    // No re-join on reconnect after a refusal...
    socket.drop();
    socket.open();
    expect(socket.sent('join')).toHaveLength(1);
    // ...but join() tries again.
    void session.join();
    expect(session.getSnapshot().phase.status).toBe('joining');
    expect(socket.sent('join')).toHaveLength(2);
  });

  it('fails when the join stays unanswered on a connected socket', async () => {
    vi.useFakeTimers();
    const { session } = setup();
    const joined = session.join();
    await vi.advanceTimersByTimeAsync(10_000);
    await joined;
    expect(session.getSnapshot().phase).toMatchObject({ status: 'failed', error: 'join_timeout' });
  });

  it('ignores malformed acks and payloads', async () => {
    const { socket, session } = setup();
    void session.join();
    socket.lastJoin().ack?.('yes');
    socket.lastJoin().ack?.(null);
    socket.fire('message', { id: 'usersInRoom', roomName: room, users: [{ userID: 1 }] });
    socket.fire('message', { id: 'start', roomName: room, from: 'operator:7', sdpOffer: 'short' });
    socket.fire('message', 'garbage');
    socket.fire('call:ended', { roomName: room, reason: 'exploded' });
    socket.fire('chat:message', { id: 'x' });
    await settle();
    expect(session.getSnapshot().phase).toEqual({ status: 'joining' });
    expect(session.getSnapshot().chat).toEqual([]);
    expect(FakePeerConnection.created).toHaveLength(0);
  });
});

describe('negotiation', () => {
  it('offers when the peer is already in the room (operator on accept)', async () => {
    const { socket, session } = setup({ credentials: { role: 'operator' } });
    await joinAs(socket, session, operator, [caller]);
    const peer = FakePeerConnection.last();
    expect(peer.config.iceServers).toEqual([
      { urls: 'turn:relay.example:3478', username: 'u', credential: 'p' },
    ]);
    expect(peer.calls.slice(0, 4)).toEqual([
      'addTrack:audio',
      'addTrack:video',
      'createOffer',
      'setLocalDescription:offer',
    ]);
    expect(socket.signals('start')).toEqual([
      { id: 'start', roomName: room, sdpOffer: peer.localDescription?.sdp },
    ]);
    expect(session.getSnapshot().phase).toEqual({ status: 'connecting' });
    expect(session.getSnapshot().peer).toEqual(caller);

    socket.message({ id: 'startResponse', from: caller.userID, sdpAnswer: 'v=0 answer from caller' });
    await settle();
    expect(peer.remoteDescription).toEqual({ type: 'answer', sdp: 'v=0 answer from caller' });

    peer.fireCandidate('candidate:1 1 udp 2122260223 10.0.0.1 50000 typ host');
    expect(socket.signals('onIceCandidate')).toEqual([
      {
        id: 'onIceCandidate',
        roomName: room,
        candidate: {
          candidate: 'candidate:1 1 udp 2122260223 10.0.0.1 50000 typ host',
          sdpMid: '0',
          sdpMLineIndex: 0,
          usernameFragment: 'frag',
        },
      },
    ]);
    socket.message({
      id: 'remoteIceCandidate',
      from: caller.userID,
      candidate: { candidate: 'candidate:2 remote' },
    });
    await settle();
    expect(peer.addedCandidates).toEqual([{ candidate: 'candidate:2 remote' }]);

    peer.fireIceState('connected');
    expect(session.getSnapshot().phase).toEqual({ status: 'connected', reconnecting: false });
  });

  it('answers when it waited for the peer (caller), queueing candidates that come early', async () => {
    const { socket, session } = setup();
    await joinAs(socket, session, caller, []);
    expect(FakePeerConnection.created).toHaveLength(0);
    socket.message({ id: 'newUserInRoom', user: operator });
    expect(session.getSnapshot().phase).toEqual({ status: 'connecting' });
    // A candidate that overtook its offer: kept until the remote description exists.
    socket.message({
      id: 'iceCandidate',
      from: operator.userID,
      candidate: { candidate: 'candidate:early', sdpMid: '0' },
    });
    socket.message({ id: 'start', from: operator.userID, sdpOffer: 'v=0 offer from operator' });
    socket.message({
      id: 'iceCandidate',
      from: operator.userID,
      candidate: { candidate: 'candidate:late', sdpMid: '0' },
    });
    await settle();
    const peer = FakePeerConnection.last();
    expect(peer.calls).toEqual([
      'setRemoteDescription:offer',
      'addTrack:audio',
      'addTrack:video',
      'addIceCandidate',
      'createAnswer',
      'setLocalDescription:answer',
      'addIceCandidate',
    ]);
    expect(peer.addedCandidates.map((candidate) => candidate.candidate)).toEqual([
      'candidate:early',
      'candidate:late',
    ]);
    expect(socket.signals('startResponse')).toEqual([
      { id: 'startResponse', roomName: room, sdpAnswer: peer.localDescription?.sdp },
    ]);
    expect(socket.signals('start')).toEqual([]);

    peer.fireCandidate('candidate:mine');
    expect(socket.signals('onIceCandidateRemote')).toMatchObject([
      { id: 'onIceCandidateRemote', roomName: room, candidate: { candidate: 'candidate:mine' } },
    ]);
    expect(socket.signals('onIceCandidate')).toEqual([]);
  });

  it('queues candidates that arrive after the offer but before the answer', async () => {
    const { socket, session } = setup({ credentials: { role: 'operator' } });
    await joinAs(socket, session, operator, [caller]);
    const peer = FakePeerConnection.last();
    socket.message({
      id: 'remoteIceCandidate',
      from: caller.userID,
      candidate: { candidate: 'candidate:a' },
    });
    await settle();
    expect(peer.addedCandidates).toEqual([]);
    socket.message({ id: 'startResponse', from: caller.userID, sdpAnswer: 'v=0 answer from caller' });
    await settle();
    expect(peer.addedCandidates).toEqual([{ candidate: 'candidate:a' }]);
  });

  it('still receives video when it has no camera', async () => {
    const { socket, session } = setup({ credentials: { role: 'operator' }, localStream: null });
    await joinAs(socket, session, operator, [caller]);
    const peer = FakePeerConnection.last();
    expect(peer.transceivers.map(({ kind, direction }) => ({ kind, direction }))).toEqual([
      { kind: 'audio', direction: 'recvonly' },
      { kind: 'video', direction: 'recvonly' },
    ]);
  });

  it('shows the remote stream and reports the first frame once per stream', async () => {
    const { socket, session, peer } = await connectedCaller();
    const remote = fakeStream();
    peer.fireTrack(remote);
    peer.fireTrack(remote);
    expect(session.getSnapshot().remoteStream).toBe(remote);
    session.reportRemoteVideoReady();
    session.reportRemoteVideoReady();
    expect(socket.signals('onVideoReady')).toEqual([{ id: 'onVideoReady', roomName: room }]);
    peer.fireTrack(fakeStream());
    session.reportRemoteVideoReady();
    expect(socket.signals('onVideoReady')).toHaveLength(2);
  });

  it('answers a new start with a new connection (the peer reloaded)', async () => {
    const { socket, peer } = await connectedCaller();
    socket.message({ id: 'start', from: operator.userID, sdpOffer: 'v=0 second offer' });
    await settle();
    expect(peer.closed).toBe(true);
    expect(FakePeerConnection.created).toHaveLength(2);
    expect(FakePeerConnection.last().remoteDescription).toEqual({ type: 'offer', sdp: 'v=0 second offer' });
    expect(socket.signals('startResponse')).toHaveLength(2);
  });

  it('answers a renegotiation from the peer on the same connection', async () => {
    const { socket, peer } = await connectedCaller();
    socket.message({ id: 'newRemoteOffer', from: operator.userID, sdpOffer: 'v=0 restart offer' });
    await settle();
    expect(FakePeerConnection.created).toHaveLength(1);
    expect(peer.remoteDescription).toEqual({ type: 'offer', sdp: 'v=0 restart offer' });
    expect(socket.signals('remoteResponse')).toEqual([
      { id: 'remoteResponse', roomName: room, sdpAnswer: peer.localDescription?.sdp },
    ]);
  });
});

describe('the device going offline', () => {
  it('shows reconnecting at once and closes the dead transport so Socket.IO reconnects', async () => {
    const network = new EventTarget();
    const { socket, session } = setup({ network });
    await joinAs(socket, session, caller, []);
    socket.message({ id: 'newUserInRoom', user: operator });
    socket.message({ id: 'start', from: operator.userID, sdpOffer: 'v=0 offer from operator' });
    await settle();
    FakePeerConnection.last().fireIceState('connected');
    expect(session.getSnapshot().phase).toEqual({ status: 'connected', reconnecting: false });

    network.dispatchEvent(new Event('offline'));
    expect(session.getSnapshot().phase).toEqual({ status: 'connected', reconnecting: true });
    expect(socket.io.engine.close).toHaveBeenCalledTimes(1);

    session.dispose();
    network.dispatchEvent(new Event('offline'));
    expect(socket.io.engine.close).toHaveBeenCalledTimes(1);
  });
});

describe('ICE restart', () => {
  it('restarts ICE with newRemoteOffer when ICE fails, and accepts the remoteResponse', async () => {
    const { socket, session, peer } = await connectedOperator();
    peer.fireIceState('failed');
    expect(session.getSnapshot().phase).toEqual({ status: 'connected', reconnecting: true });
    await new Promise((resolve) => setTimeout(resolve, 0));
    await settle();
    expect(peer.offerOptions.at(-1)).toEqual({ iceRestart: true });
    const offers = socket.signals('newRemoteOffer');
    expect(offers).toEqual([{ id: 'newRemoteOffer', roomName: room, sdpOffer: peer.localDescription?.sdp }]);
    socket.message({ id: 'remoteResponse', from: caller.userID, sdpAnswer: 'v=0 restart answer' });
    await settle();
    expect(peer.remoteDescription).toEqual({ type: 'answer', sdp: 'v=0 restart answer' });
    peer.fireIceState('connected');
    expect(session.getSnapshot().phase).toEqual({ status: 'connected', reconnecting: false });
  });

  it('gives a disconnected ICE two seconds to heal before restarting', async () => {
    vi.useFakeTimers();
    const { socket, session, peer } = await connectedOperator();
    peer.fireIceState('disconnected');
    expect(session.getSnapshot().phase).toEqual({ status: 'connected', reconnecting: true });
    await vi.advanceTimersByTimeAsync(ICE_RESTART_DELAY_MS - 100);
    peer.fireIceState('connected');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(socket.signals('newRemoteOffer')).toEqual([]);
    expect(session.getSnapshot().phase).toEqual({ status: 'connected', reconnecting: false });

    peer.fireIceState('disconnected');
    await vi.advanceTimersByTimeAsync(ICE_RESTART_DELAY_MS);
    expect(socket.signals('newRemoteOffer')).toHaveLength(1);
  });

  it('leaves the restart to the offerer', async () => {
    vi.useFakeTimers();
    const { socket, session, peer } = await connectedCaller();
    peer.fireIceState('failed');
    await vi.advanceTimersByTimeAsync(ICE_RESTART_DELAY_MS * 2);
    expect(socket.signals('newRemoteOffer')).toEqual([]);
    expect(session.getSnapshot().phase).toEqual({ status: 'connected', reconnecting: true });
  });

  it('restarts once the peer is back when the restart offer was lost', async () => {
    const { socket, peer } = await connectedOperator();
    // The caller's socket dropped: the restart offer went nowhere.
    peer.fireIceState('failed');
    await new Promise((resolve) => setTimeout(resolve, 0));
    await settle();
    expect(socket.signals('newRemoteOffer')).toHaveLength(1);
    socket.message({ id: 'newUserInRoom', user: caller });
    await settle();
    expect(peer.calls).toContain('setLocalDescription:rollback');
    expect(socket.signals('newRemoteOffer')).toHaveLength(2);
  });
});

describe('socket reconnection', () => {
  it('shows reconnecting, re-joins with the highest chat id, and restarts ICE that went down', async () => {
    const { socket, session, peer } = await connectedOperator();
    socket.fire('chat:message', chatMessage({ id: 12, user: 1, userName: 'Ana' }));
    socket.fire('chat:message', chatMessage({ id: 15 }));
    socket.fire('chat:message', chatMessage({ id: 13, user: 1, userName: 'Ana' }));

    socket.drop();
    peer.fireIceState('disconnected');
    expect(session.getSnapshot().phase).toEqual({ status: 'connected', reconnecting: true });
    socket.open();
    expect(socket.sent('join')).toHaveLength(2);
    expect(socket.lastJoin().payload).toMatchObject({ lastChatId: 15 });
    socket.lastJoin().ack?.({ ok: true, self: operator, users: [caller], status: 'active' });
    socket.message({ id: 'usersInRoom', users: [caller] });
    await settle();
    expect(socket.signals('newRemoteOffer')).toHaveLength(1);
    expect(session.getSnapshot().phase).toEqual({ status: 'connected', reconnecting: true });
    peer.fireIceState('connected');
    expect(session.getSnapshot().phase).toEqual({ status: 'connected', reconnecting: false });
  });

  it('ends reconnecting when the socket is back and the media never dropped', async () => {
    const { socket, session } = await connectedCaller();
    socket.drop();
    expect(session.getSnapshot().phase).toEqual({ status: 'connected', reconnecting: true });
    socket.open();
    socket.lastJoin().ack?.({ ok: true, self: caller, users: [operator], status: 'active' });
    expect(session.getSnapshot().phase).toEqual({ status: 'connected', reconnecting: false });
    expect(socket.signals('newRemoteOffer')).toEqual([]);
  });

  it('reconnects its own socket after the server closed it', async () => {
    const { socket, session } = setup({ ownsSocket: true });
    await joinAs(socket, session, caller, []);
    socket.drop('io server disconnect');
    expect(socket.connect).toHaveBeenCalledTimes(1);
  });

  it('fails when the re-join is refused (the grace period ran out)', async () => {
    const { socket, session, peer } = await connectedCaller();
    socket.drop();
    socket.open();
    socket.lastJoin().ack?.({ ok: false, error: 'call_not_found', message: callTexts.callNotFound });
    expect(session.getSnapshot().phase).toEqual({
      status: 'failed',
      error: 'call_not_found',
      message: callTexts.callNotFound,
    });
    expect(peer.closed).toBe(true);
  });
});

describe('chat', () => {
  it('dedupes by id, orders by id and marks own messages', async () => {
    const { socket, session } = await connectedCaller();
    socket.fire('chat:message', chatMessage({ id: 3 }));
    socket.fire('chat:message', chatMessage({ id: 1, user: 1, userName: 'Ana' }));
    socket.fire('chat:message', chatMessage({ id: 3 }));
    socket.fire('chat:message', chatMessage({ id: 2, roomName: 'another_room_ABCDEFG' }));
    socket.fire('chat:message', { ...chatMessage({ id: 4 }), user: 3 });
    const chat = session.getSnapshot().chat;
    expect(chat.map((entry) => [entry.id, entry.mine])).toEqual([
      [1, true],
      [3, false],
    ]);
  });

  it('sends trimmed text with a clientId, shows it pending, and takes the acknowledged copy', async () => {
    const { socket, session } = await connectedCaller();
    session.sendMessage('   ');
    expect(socket.sent('chat:send')).toEqual([]);
    session.sendMessage('  <b>hola</b>  ');
    const [send] = socket.sent('chat:send');
    const payload = send?.payload as { roomName: string; clientId: string; message: string };
    expect(payload).toEqual({ roomName: room, clientId: expect.any(String), message: '<b>hola</b>' });
    expect(payload.clientId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(session.getSnapshot().chat).toMatchObject([
      {
        message: '<b>hola</b>',
        pending: true,
        mine: true,
        user: 1,
        userName: 'Ana',
        createdAt: '2025-03-01T12:00:00.000Z',
      },
    ]);
    const stored = chatMessage({
      id: 20,
      user: 1,
      userName: 'Ana',
      clientId: payload.clientId,
      message: '<b>hola</b>',
    });
    // The room's broadcast may come before the ack: one entry either way.
    socket.fire('chat:message', stored);
    send?.ack?.({ ok: true, message: stored });
    expect(session.getSnapshot().chat).toEqual([{ ...stored, mine: true }]);
  });

  it('marks a message the server refused as failed', async () => {
    const { socket, session } = await connectedCaller();
    session.sendMessage('hola');
    socket.sent('chat:send')[0]?.ack?.({ ok: false, error: 'rate_limited', message: 'Espera' });
    expect(session.getSnapshot().chat).toMatchObject([{ message: 'hola', pending: false, failed: true }]);
  });

  it('queues messages written while disconnected and sends them after the re-join, same clientId', async () => {
    const { socket, session } = await connectedCaller();
    session.sendMessage('primero');
    const firstClientId = (socket.sent('chat:send')[0]?.payload as { clientId: string }).clientId;
    socket.drop();
    session.sendMessage('segundo');
    expect(socket.sent('chat:send')).toHaveLength(1);
    expect(session.getSnapshot().chat.map((entry) => [entry.message, entry.pending])).toEqual([
      ['primero', true],
      ['segundo', true],
    ]);
    socket.open();
    expect(socket.sent('chat:send')).toHaveLength(1);
    socket.lastJoin().ack?.({ ok: true, self: caller, users: [operator], status: 'active' });
    const resent = socket.sent('chat:send').slice(1);
    expect(resent.map((entry) => (entry.payload as { message: string }).message)).toEqual([
      'primero',
      'segundo',
    ]);
    expect((resent[0]?.payload as { clientId: string }).clientId).toBe(firstClientId);
    for (const [index, entry] of resent.entries()) {
      const payload = entry.payload as { clientId: string; message: string };
      entry.ack?.({
        ok: true,
        message: chatMessage({ id: 30 + index, user: 1, userName: 'Ana', ...payload }),
      });
    }
    expect(session.getSnapshot().chat.map((entry) => [entry.id, entry.message, entry.pending])).toEqual([
      [30, 'primero', undefined],
      [31, 'segundo', undefined],
    ]);
  });

  it('does not send again a message the room already received when its ack was lost', async () => {
    const { socket, session } = await connectedCaller();
    session.sendMessage('entregado');
    const clientId = (socket.sent('chat:send')[0]?.payload as { clientId: string }).clientId;
    socket.fire(
      'chat:message',
      chatMessage({ id: 5, user: 1, userName: 'Ana', clientId, message: 'entregado' }),
    );
    socket.drop();
    socket.open();
    socket.lastJoin().ack?.({ ok: true, self: caller, users: [operator], status: 'active' });
    expect(socket.sent('chat:send')).toHaveLength(1);
    expect(session.getSnapshot().chat).toMatchObject([{ id: 5, message: 'entregado', mine: true }]);
  });

  it('uploads a file with progress, then sends it as a chat message', async () => {
    let finishUpload: (attachment: Attachment) => void = () => undefined;
    let reportProgress: (fraction: number) => void = () => undefined;
    const { socket, session } = setup({
      uploadAttachment: (_file, onProgress) => {
        reportProgress = onProgress;
        return new Promise((resolve) => (finishUpload = resolve));
      },
    });
    await joinAs(socket, session, caller, []);
    const file = new File(['%PDF-1.4'], 'contrato.pdf', { type: 'application/pdf' });
    const sending = session.sendFile(file);
    expect(session.getSnapshot().chat).toMatchObject([
      {
        isFile: true,
        loadingProgress: 0,
        pending: true,
        fileData: { id: 0, name: 'contrato.pdf', mime: 'application/pdf' },
      },
    ]);
    reportProgress(0.5);
    expect(session.getSnapshot().chat[0]?.loadingProgress).toBe(0.5);
    finishUpload({ id: 77, name: 'contrato.pdf', mime: 'application/pdf', size: 8 });
    await sending;
    expect(session.getSnapshot().chat[0]).not.toHaveProperty('loadingProgress');
    expect(socket.sent('chat:send')[0]?.payload).toMatchObject({ roomName: room, attachmentId: 77 });
  });

  it('refuses a file over 25 MB and marks a failed upload', async () => {
    const { socket, session } = setup({
      uploadAttachment: async () => {
        throw new Error('network');
      },
    });
    await joinAs(socket, session, caller, []);
    const huge = { name: 'big.bin', type: '', size: 25 * 1024 * 1024 + 1 } as File;
    await expect(session.sendFile(huge)).rejects.toThrow(callTexts.attachmentTooLarge);
    expect(session.getSnapshot().chat).toEqual([]);
    await session.sendFile(new File(['x'], 'a.txt', { type: 'text/plain' }));
    expect(session.getSnapshot().chat).toMatchObject([{ isFile: true, failed: true, pending: false }]);
    expect(socket.sent('chat:send')).toEqual([]);
  });

  it('makes client ids the server accepts', () => {
    for (let index = 0; index < 20; index += 1) expect(newChatClientId()).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    // Without randomUUID (older Safari, or a page that is not a secure context).
    const getRandomValues = globalThis.crypto.getRandomValues.bind(globalThis.crypto);
    vi.stubGlobal('crypto', { getRandomValues });
    try {
      const id = newChatClientId();
      expect(id).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
      expect(newChatClientId()).not.toBe(id);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('the end of the call', () => {
  it('ends when the peer leaves', async () => {
    const { socket, session, peer } = await connectedCaller();
    socket.message({ id: 'userLeaveRoom', user: caller });
    expect(session.getSnapshot().phase.status).toBe('connected');
    socket.message({ id: 'userLeaveRoom', user: operator });
    expect(session.getSnapshot().phase).toEqual({
      status: 'ended',
      reason: 'peer_left',
      chatOccurred: false,
    });
    expect(peer.closed).toBe(true);
    expect(session.getSnapshot().remoteStream).toBeNull();
  });

  it('ends on call:ended, remembering whether there was a chat', async () => {
    const { socket, session } = await connectedCaller();
    socket.fire('chat:message', chatMessage({ id: 1 }));
    socket.fire('call:ended', { roomName: room, reason: 'hangup' });
    expect(session.getSnapshot().phase).toEqual({ status: 'ended', reason: 'hangup', chatOccurred: true });
  });

  it.each([
    ['caller', 'operator_left', 'peer_left'],
    ['caller', 'caller_left', 'timeout'],
    ['caller', 'abandoned', 'abandoned'],
    ['operator', 'caller_left', 'peer_left'],
    ['operator', 'operator_left', 'timeout'],
  ] as const)('as %s, maps the server reason %s to %s', async (role, reason, expected) => {
    const { socket, session } = role === 'caller' ? setup() : setup({ credentials: { role: 'operator' } });
    await joinAs(socket, session, role === 'caller' ? caller : operator, []);
    socket.fire('call:ended', { roomName: room, reason });
    expect(session.getSnapshot().phase).toMatchObject({ status: 'ended', reason: expected });
  });

  it('hangs up: emits leave, closes the connection and ends locally', async () => {
    const { socket, session, peer } = await connectedOperator();
    const hangingUp = session.hangUp();
    expect(session.getSnapshot().phase).toEqual({
      status: 'ended',
      reason: 'local_hangup',
      chatOccurred: false,
    });
    expect(peer.closed).toBe(true);
    const [leave] = socket.sent('leave');
    expect(leave?.payload).toEqual({ roomName: room });
    leave?.ack?.({ ok: true });
    await hangingUp;
    // Over: no re-join on reconnect, no more chat.
    socket.drop();
    socket.open();
    expect(socket.sent('join')).toHaveLength(1);
    session.sendMessage('hola');
    expect(socket.sent('chat:send')).toEqual([]);
  });

  it('disposes: removes its listeners, closes the connection, disconnects only its own socket', async () => {
    const { socket, session, peer } = await connectedCaller();
    const foreign = vi.fn();
    socket.on('disconnect', foreign);
    session.dispose();
    expect(socket.listenerCount()).toBe(1);
    expect(peer.closed).toBe(true);
    expect(socket.disconnect).not.toHaveBeenCalled();
    socket.fire('call:ended', { roomName: room, reason: 'hangup' });
    expect(session.getSnapshot().phase.status).toBe('connected');

    const own = setup({ ownsSocket: true });
    own.session.dispose();
    expect(own.socket.disconnect).toHaveBeenCalledTimes(1);
    expect(own.socket.listenerCount()).toBe(0);
  });
});

describe('media', () => {
  it('turns the microphone and camera tracks on and off', async () => {
    const stream = fakeStream();
    const { session } = setup({ localStream: stream });
    session.setMicrophoneEnabled(false);
    session.setCameraEnabled(false);
    expect(stream.getAudioTracks()[0]?.enabled).toBe(false);
    expect(stream.getVideoTracks()[0]?.enabled).toBe(false);
    expect(session.getSnapshot()).toMatchObject({ microphoneEnabled: false, cameraEnabled: false });
    session.setCameraEnabled(true);
    expect(stream.getVideoTracks()[0]?.enabled).toBe(true);
  });

  it('swaps tracks for a new device without a new negotiation', async () => {
    const { socket, session, peer } = await connectedOperator();
    session.setMicrophoneEnabled(false);
    const next = fakeStream();
    session.replaceLocalStream(next);
    await settle();
    expect(session.getSnapshot().localStream).toBe(next);
    expect(peer.getSenders().map((sender) => sender.track)).toEqual(next.getTracks());
    expect(next.getAudioTracks()[0]?.enabled).toBe(false);
    expect(socket.signals('newRemoteOffer')).toEqual([]);
  });

  it('renegotiates when a camera appears mid-call', async () => {
    const { socket, session } = setup({
      credentials: { role: 'operator' },
      localStream: fakeStream(['audio']),
    });
    await joinAs(socket, session, operator, [caller]);
    socket.message({ id: 'startResponse', from: caller.userID, sdpAnswer: 'v=0 answer from caller' });
    await settle();
    session.replaceLocalStream(fakeStream(['audio', 'video']));
    await settle();
    const peer = FakePeerConnection.last();
    expect(peer.transceivers.find((transceiver) => transceiver.kind === 'video')?.direction).toBe('sendrecv');
    expect(socket.signals('newRemoteOffer')).toHaveLength(1);
  });
});
