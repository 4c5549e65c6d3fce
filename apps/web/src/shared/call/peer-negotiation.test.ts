import { afterEach, describe, expect, it, vi } from 'vitest';
import { MediaTracks } from './media-tracks';
import { ICE_RESTART_DELAY_MS, PeerNegotiation } from './peer-negotiation';
import { partContext } from './testing/part-context';
import { fakeStream } from './testing/fake-transport';
import {
  cleanUpCalls,
  FakePeerConnection,
  caller,
  connectedCaller,
  connectedOperator,
  joinAs,
  operator,
  room,
  settle,
  setup,
} from './testing/call-fixtures';
import { peerOf } from './call-state';

afterEach(cleanUpCalls);

describe('negotiation', () => {
  it('offers when the peer is already in the room (operator on accept)', async () => {
    const { socket, session } = setup({ credentials: { side: 'answerer' } });
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
    expect(session.getSnapshot().phase).toMatchObject({ status: 'connecting' });
    expect(peerOf(session.getSnapshot().phase)).toEqual(caller);

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
    expect(session.getSnapshot().phase).toMatchObject({ status: 'connected', reconnecting: false });
  });

  it('answers when it waited for the peer (caller), queueing candidates that come early', async () => {
    const { socket, session } = setup();
    await joinAs(socket, session, caller, []);
    expect(FakePeerConnection.created).toHaveLength(0);
    socket.message({ id: 'newUserInRoom', user: operator });
    expect(session.getSnapshot().phase).toMatchObject({ status: 'connecting' });
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
    const { socket, session } = setup({ credentials: { side: 'answerer' } });
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
    const { socket, session } = setup({ credentials: { side: 'answerer' }, localStream: null });
    await joinAs(socket, session, operator, [caller]);
    const peer = FakePeerConnection.last();
    expect(peer.transceivers.map(({ kind, direction }) => ({ kind, direction }))).toEqual([
      { kind: 'audio', direction: 'recvonly' },
      { kind: 'video', direction: 'recvonly' },
    ]);
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

describe('ICE restart', () => {
  it('restarts ICE with newRemoteOffer when ICE fails, and accepts the remoteResponse', async () => {
    const { socket, session, peer } = await connectedOperator();
    peer.fireIceState('failed');
    expect(session.getSnapshot().phase).toMatchObject({ status: 'connected', reconnecting: true });
    await new Promise((resolve) => setTimeout(resolve, 0));
    await settle();
    expect(peer.offerOptions.at(-1)).toEqual({ iceRestart: true });
    const offers = socket.signals('newRemoteOffer');
    expect(offers).toEqual([{ id: 'newRemoteOffer', roomName: room, sdpOffer: peer.localDescription?.sdp }]);
    socket.message({ id: 'remoteResponse', from: caller.userID, sdpAnswer: 'v=0 restart answer' });
    await settle();
    expect(peer.remoteDescription).toEqual({ type: 'answer', sdp: 'v=0 restart answer' });
    peer.fireIceState('connected');
    expect(session.getSnapshot().phase).toMatchObject({ status: 'connected', reconnecting: false });
  });

  it('gives a disconnected ICE two seconds to heal before restarting', async () => {
    vi.useFakeTimers();
    const { socket, session, peer } = await connectedOperator();
    peer.fireIceState('disconnected');
    expect(session.getSnapshot().phase).toMatchObject({ status: 'connected', reconnecting: true });
    await vi.advanceTimersByTimeAsync(ICE_RESTART_DELAY_MS - 100);
    peer.fireIceState('connected');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(socket.signals('newRemoteOffer')).toEqual([]);
    expect(session.getSnapshot().phase).toMatchObject({ status: 'connected', reconnecting: false });

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
    expect(session.getSnapshot().phase).toMatchObject({ status: 'connected', reconnecting: true });
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

describe('PeerNegotiation on its own', () => {
  function negotiation() {
    const parts = partContext({ localStream: fakeStream() });
    const onIceHealth = vi.fn();
    const media = new MediaTracks(parts.context);
    const peerNegotiation = new PeerNegotiation(parts.context, media, {
      createPeerConnection: (config) => new FakePeerConnection(config) as unknown as RTCPeerConnection,
      onIceHealth,
    });
    return { ...parts, negotiation: peerNegotiation, onIceHealth };
  }

  it('offers with no relay configured: direct connections only', async () => {
    const { negotiation: peerNegotiation, socket } = negotiation();
    peerNegotiation.peerPresent();
    await settle();
    expect(FakePeerConnection.last().config).toEqual({ iceServers: [] });
    expect(socket.signals('start')).toHaveLength(1);
  });

  it('keeps the offerer’s offer when both offer at once, and the answerer tries again after', async () => {
    const offerer = negotiation();
    offerer.negotiation.peerPresent();
    await settle();
    const offererPeer = FakePeerConnection.last();
    offerer.negotiation.handle({ id: 'newRemoteOffer', roomName: room, from: 'x', sdpOffer: 'v=0 glare' });
    await settle();
    expect(offererPeer.remoteDescription).toBeNull();

    const answerer = negotiation();
    answerer.negotiation.handle({ id: 'start', roomName: room, from: 'x', sdpOffer: 'v=0 offer' });
    await settle();
    const answererPeer = FakePeerConnection.last();
    // A camera appears on the answerer while the offerer restarts: both offer.
    answererPeer.signalingState = 'have-local-offer';
    answerer.negotiation.handle({ id: 'newRemoteOffer', roomName: room, from: 'x', sdpOffer: 'v=0 restart' });
    await settle();
    expect(answererPeer.calls).toContain('setLocalDescription:rollback');
    expect(answerer.socket.signals('remoteResponse')).toHaveLength(1);
    expect(answerer.socket.signals('newRemoteOffer')).toHaveLength(1);
  });

  it('keeps at most 200 early candidates', async () => {
    const { negotiation: peerNegotiation } = negotiation();
    for (let index = 0; index < 250; index += 1)
      peerNegotiation.handle({
        id: 'iceCandidate',
        roomName: room,
        from: 'x',
        candidate: { candidate: `candidate:${index}` },
      });
    peerNegotiation.handle({ id: 'start', roomName: room, from: 'x', sdpOffer: 'v=0 offer' });
    await settle(3_000);
    expect(FakePeerConnection.last().addedCandidates).toHaveLength(200);
  });

  it('reports ICE health and runs nothing once the call is over', async () => {
    const { negotiation: peerNegotiation, onIceHealth, state, socket } = negotiation();
    peerNegotiation.peerPresent();
    await settle();
    const peer = FakePeerConnection.last();
    peer.fireIceState('checking');
    expect(onIceHealth).not.toHaveBeenCalled();
    peer.fireIceState('connected');
    peer.fireIceState('disconnected');
    expect(onIceHealth.mock.calls).toEqual([[true], [false]]);
    expect(peerNegotiation.iceDown).toBe(true);
    state.active = false;
    peerNegotiation.peerReturned();
    await settle();
    expect(socket.signals('newRemoteOffer')).toEqual([]);
    peerNegotiation.close();
    expect(peer.closed).toBe(true);
    expect(peerNegotiation.iceDown).toBe(false);
  });
});
