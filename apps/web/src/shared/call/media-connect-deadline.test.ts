import { afterEach, describe, expect, it, vi } from 'vitest';
import { caller, cleanUpCalls, joinAs, operator, room, setup } from './testing/call-fixtures';
import { FakePeerConnection } from './testing/fake-transport';
import { MEDIA_CONNECT_TIMEOUT_MS, MEDIA_RESTART_AFTER_MS } from './media-connect-deadline';

afterEach(cleanUpCalls);

/** An operator that accepted and offered; the caller answered, but no media path ever works. */
async function operatorWithoutMedia() {
  const { socket, session } = setup({ credentials: { side: 'answerer' } });
  await joinAs(socket, session, operator, [caller]);
  const peer = FakePeerConnection.last();
  socket.message({ id: 'startResponse', from: caller.userID, sdpAnswer: 'v=0 answer from caller' });
  await vi.advanceTimersByTimeAsync(0);
  peer.fireIceState('checking');
  return { socket, session, peer };
}

describe('the media connect deadline (decision 037)', () => {
  it('restarts ICE once, then ends the call for both sides as no_media', async () => {
    vi.useFakeTimers();
    const { socket, session, peer } = await operatorWithoutMedia();
    expect(session.getSnapshot().phase.status).toBe('connecting');

    await vi.advanceTimersByTimeAsync(MEDIA_RESTART_AFTER_MS);
    expect(socket.signals('newRemoteOffer')).toHaveLength(1);
    expect(peer.offerOptions.at(-1)).toEqual({ iceRestart: true });
    expect(session.getSnapshot().phase.status).toBe('connecting');

    await vi.advanceTimersByTimeAsync(MEDIA_CONNECT_TIMEOUT_MS - MEDIA_RESTART_AFTER_MS);
    expect(session.getSnapshot().phase).toEqual({ status: 'ended', reason: 'no_media', chatOccurred: false });
    expect(peer.closed).toBe(true);
    const [leave] = socket.sent('leave');
    expect(leave?.payload).toEqual({ roomName: room, reason: 'no_media' });
  });

  it('does nothing once the media connected', async () => {
    vi.useFakeTimers();
    const { socket, session, peer } = await operatorWithoutMedia();
    peer.fireIceState('connected');
    await vi.advanceTimersByTimeAsync(MEDIA_CONNECT_TIMEOUT_MS * 2);
    expect(session.getSnapshot().phase.status).toBe('connected');
    expect(socket.sent('leave')).toEqual([]);
    expect(socket.signals('newRemoteOffer')).toEqual([]);
    // A later drop is a reconnection, not a set-up that never happened.
    peer.fireIceState('disconnected');
    await vi.advanceTimersByTimeAsync(MEDIA_CONNECT_TIMEOUT_MS * 2);
    expect(session.getSnapshot().phase.status).toBe('connected');
    expect(socket.sent('leave')).toEqual([]);
  });

  it('is not armed while the caller waits in the queue', async () => {
    vi.useFakeTimers();
    const { socket, session } = setup();
    await joinAs(socket, session, caller, []);
    await vi.advanceTimersByTimeAsync(MEDIA_CONNECT_TIMEOUT_MS * 3);
    expect(session.getSnapshot().phase.status).toBe('waiting');
    expect(socket.sent('leave')).toEqual([]);
  });

  it('ends the caller without WebRTC too: it never answers, and still does not hang', async () => {
    vi.useFakeTimers();
    const { socket, session } = setup();
    await joinAs(socket, session, caller, []);
    socket.message({ id: 'newUserInRoom', user: operator });
    expect(session.getSnapshot().phase.status).toBe('connecting');
    await vi.advanceTimersByTimeAsync(MEDIA_CONNECT_TIMEOUT_MS);
    expect(session.getSnapshot().phase).toMatchObject({ status: 'ended', reason: 'no_media' });
    expect(socket.sent('leave')[0]?.payload).toEqual({ roomName: room, reason: 'no_media' });
  });

  it('follows the server: the peer gave up first', async () => {
    vi.useFakeTimers();
    const { socket, session } = await operatorWithoutMedia();
    socket.fire('call:ended', { roomName: room, reason: 'no_media' });
    expect(session.getSnapshot().phase).toMatchObject({ status: 'ended', reason: 'no_media' });
    await vi.advanceTimersByTimeAsync(MEDIA_CONNECT_TIMEOUT_MS);
    expect(socket.sent('leave')).toEqual([]);
  });
});
