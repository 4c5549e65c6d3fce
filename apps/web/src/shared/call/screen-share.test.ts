import { afterEach, describe, expect, it } from 'vitest';
import { remoteStreamOf, screenStreamOf } from './call-state';
import {
  caller,
  cleanUpCalls,
  connectedCaller,
  connectedOperator,
  fakeStream,
  FakePeerConnection,
  operator,
  room,
  settle,
} from './testing/call-fixtures';
import type { FakeTrack } from './testing/fake-transport';

afterEach(cleanUpCalls);

describe('screen share', () => {
  it('announces the screen by stream id, then sends it on a video transceiver of its own', async () => {
    const { socket, session, peer } = await connectedOperator();
    const cameraSender = peer.transceivers.find((transceiver) => transceiver.kind === 'video')!.sender;
    const cameraTrack = cameraSender.track;
    const screen = fakeStream(['video']);
    session.startScreenShare(screen);
    await settle();

    const announced = socket.signals().findIndex((signal) => signal.id === 'screenShareStarted');
    const offered = socket.signals().findIndex((signal) => signal.id === 'newRemoteOffer');
    expect(socket.signals('screenShareStarted')).toEqual([
      { id: 'screenShareStarted', roomName: room, streamId: screen.id },
    ]);
    // The announcement goes first, so the citizen knows the stream before its track arrives.
    expect(announced).toBeGreaterThanOrEqual(0);
    expect(offered).toBeGreaterThan(announced);
    const screenTransceiver = peer.transceivers.at(-1)!;
    expect(screenTransceiver).toMatchObject({ kind: 'video', direction: 'sendonly' });
    expect(screenTransceiver.sender.track).toBe(screen.getVideoTracks()[0]);
    expect(screenTransceiver.sender.streams).toEqual([screen]);
    // The camera's sender is the same, with the same track: it never stopped.
    expect(cameraSender.track).toBe(cameraTrack);
    expect(session.getSnapshot().localScreenStream).toBe(screen);
  });

  it("stops when the browser's own control ends the track, on both sides", async () => {
    const { socket, session, peer } = await connectedOperator();
    const screen = fakeStream(['video']);
    session.startScreenShare(screen);
    await settle();
    socket.message({ id: 'remoteResponse', from: caller.userID, sdpAnswer: 'v=0 answer to the screen' });
    await settle();

    (screen.getVideoTracks()[0] as unknown as FakeTrack).end();
    await settle();
    expect(socket.signals('screenShareStopped')).toEqual([{ id: 'screenShareStopped', roomName: room }]);
    expect(peer.transceivers.at(-1)).toMatchObject({ direction: 'inactive', sender: { track: null } });
    expect(socket.signals('newRemoteOffer')).toHaveLength(2);
    expect(session.getSnapshot().localScreenStream).toBeNull();
  });

  it('reuses its transceiver for the next share, with the new stream id', async () => {
    const { socket, session, peer } = await connectedOperator();
    session.startScreenShare(fakeStream(['video']));
    await settle();
    socket.message({ id: 'remoteResponse', from: caller.userID, sdpAnswer: 'v=0 answer one' });
    await settle();
    session.stopScreenShare();
    await settle();
    socket.message({ id: 'remoteResponse', from: caller.userID, sdpAnswer: 'v=0 answer two' });
    await settle();
    const count = peer.transceivers.length;
    const next = fakeStream(['video']);
    session.startScreenShare(next);
    await settle();
    expect(peer.transceivers).toHaveLength(count);
    expect(peer.transceivers.at(-1)).toMatchObject({ direction: 'sendonly', sender: { streams: [next] } });
    expect(socket.signals('screenShareStarted').at(-1)).toMatchObject({ streamId: next.id });
  });

  it('announces the screen again when the citizen comes back, and offers it on the new connection', async () => {
    const { socket, session } = await connectedOperator();
    const screen = fakeStream(['video']);
    session.startScreenShare(screen);
    await settle();
    socket.message({ id: 'newUserInRoom', user: caller });
    socket.message({ id: 'start', from: caller.userID, sdpOffer: 'v=0 offer after a reload' });
    await settle();
    expect(socket.signals('screenShareStarted')).toHaveLength(2);
    const fresh = FakePeerConnection.last();
    expect(fresh.transceivers.at(-1)).toMatchObject({ direction: 'sendonly', sender: { streams: [screen] } });
    expect(socket.signals('newRemoteOffer').length).toBeGreaterThanOrEqual(1);
  });

  it("shows the citizen the announced stream as the screen, beside the operator's camera", async () => {
    const { socket, session, peer } = await connectedCaller();
    const camera = fakeStream();
    const screen = fakeStream(['video']);
    peer.fireTrack(camera);
    socket.message({ id: 'screenShareStarted', from: operator.userID, streamId: screen.id });
    peer.fireTrack(screen);
    const phase = session.getSnapshot().phase;
    expect(remoteStreamOf(phase)).toBe(camera);
    expect(screenStreamOf(phase)).toBe(screen);

    session.reportScreenVideoReady();
    session.reportScreenVideoReady();
    expect(socket.signals('onStreamerVideoReady')).toEqual([
      { id: 'onStreamerVideoReady', roomName: room, videoID: screen.id },
    ]);

    socket.message({ id: 'screenShareStopped', from: operator.userID });
    expect(screenStreamOf(session.getSnapshot().phase)).toBeNull();
    expect(remoteStreamOf(session.getSnapshot().phase)).toBe(camera);
  });

  it('recognises a screen whose track came before its announcement', async () => {
    const { socket, session, peer } = await connectedCaller();
    const camera = fakeStream();
    peer.fireTrack(camera);
    const screen = fakeStream(['video']);
    // Tracks of a stream nobody announced are the camera's business only if they are the camera.
    socket.message({ id: 'screenShareStarted', from: operator.userID, streamId: 'not-yet-seen' });
    peer.fireTrack(screen);
    expect(screenStreamOf(session.getSnapshot().phase)).toBeNull();
    socket.message({ id: 'screenShareStarted', from: operator.userID, streamId: screen.id });
    expect(screenStreamOf(session.getSnapshot().phase)).toBe(screen);
  });

  it('tells the operator when the citizen sees the screen, and stops sharing when the call ends', async () => {
    const { socket, session } = await connectedOperator();
    const screen = fakeStream(['video']);
    session.startScreenShare(screen);
    socket.message({ id: 'onStreamerVideoReady', from: caller.userID, videoID: 'another-stream' });
    expect(session.getSnapshot().screenSeenByPeer).toBe(false);
    socket.message({ id: 'onStreamerVideoReady', from: caller.userID, videoID: screen.id });
    expect(session.getSnapshot().screenSeenByPeer).toBe(true);
    socket.fire('call:ended', { roomName: room, reason: 'hangup' });
    expect((screen.getVideoTracks()[0] as unknown as FakeTrack).stopped).toBe(true);
    expect(session.getSnapshot().localScreenStream).toBeNull();
  });
});
