import { afterEach, describe, expect, it } from 'vitest';
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
