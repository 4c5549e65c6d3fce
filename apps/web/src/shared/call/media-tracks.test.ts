import { afterEach, describe, expect, it, vi } from 'vitest';
import { MediaTracks } from './media-tracks';
import { partContext } from './testing/part-context';
import {
  cleanUpCalls,
  FakePeerConnection,
  caller,
  connectedCaller,
  connectedOperator,
  fakeStream,
  joinAs,
  operator,
  room,
  settle,
  setup,
} from './testing/call-fixtures';
import { remoteStreamOf } from './call-state';

afterEach(cleanUpCalls);

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

  it('shows the remote stream and reports the first frame once per stream', async () => {
    const { socket, session, peer } = await connectedCaller();
    const remote = fakeStream();
    peer.fireTrack(remote);
    peer.fireTrack(remote);
    expect(remoteStreamOf(session.getSnapshot().phase)).toBe(remote);
    session.reportRemoteVideoReady();
    session.reportRemoteVideoReady();
    expect(socket.signals('onVideoReady')).toEqual([{ id: 'onVideoReady', roomName: room }]);
    peer.fireTrack(fakeStream());
    session.reportRemoteVideoReady();
    expect(socket.signals('onVideoReady')).toHaveLength(2);
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
      credentials: { side: 'answerer' },
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

describe('MediaTracks on its own', () => {
  function connectingMedia() {
    const parts = partContext({ localStream: fakeStream() });
    parts.store.dispatch({ type: 'joinStarted' });
    parts.store.dispatch({ type: 'peerJoined', peer: operator });
    return { ...parts, media: new MediaTracks(parts.context) };
  }

  it('gives a new local stream the switches it had', () => {
    const { media, store } = connectingMedia();
    media.setCameraEnabled(false);
    const next = fakeStream();
    media.adoptLocalStream(next);
    expect(store.get().localStream).toBe(next);
    expect(next.getVideoTracks()[0]?.enabled).toBe(false);
    expect(next.getAudioTracks()[0]?.enabled).toBe(true);
  });

  it('gathers tracks that come without a stream into the current remote stream', () => {
    const { media, store } = connectingMedia();
    const remote = fakeStream(['audio']);
    media.onRemoteTrack({ track: remote.getTracks()[0], streams: [remote] } as unknown as RTCTrackEvent);
    const listener = vi.fn();
    store.subscribe(listener);
    const video = fakeStream(['video']).getTracks()[0];
    media.onRemoteTrack({ track: video, streams: [] } as unknown as RTCTrackEvent);
    expect(remote.getTracks()).toContain(video);
    expect(media.remoteStream).toBe(remote);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('reports the first frame only with a remote stream and a connected socket', () => {
    const { media, socket } = connectingMedia();
    media.reportRemoteVideoReady();
    expect(socket.signals('onVideoReady')).toEqual([]);
    const remote = fakeStream();
    media.onRemoteTrack({ track: remote.getTracks()[0], streams: [remote] } as unknown as RTCTrackEvent);
    socket.connected = false;
    media.reportRemoteVideoReady();
    expect(socket.signals('onVideoReady')).toEqual([]);
  });

  it('keeps no remote stream outside a call with someone in it', () => {
    const { context, store } = partContext();
    const media = new MediaTracks(context);
    const remote = fakeStream();
    media.onRemoteTrack({ track: remote.getTracks()[0], streams: [remote] } as unknown as RTCTrackEvent);
    expect(media.remoteStream).toBeNull();
    expect(store.get().phase).toEqual({ status: 'idle' });
  });
});
