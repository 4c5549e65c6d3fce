import { afterEach, describe, expect, it, vi } from 'vitest';
import { callTexts } from '@seguridad/contracts/messages';
import {
  cleanUpCalls,
  FakePeerConnection,
  caller,
  callId,
  callToken,
  chatMessage,
  connectedCaller,
  connectedOperator,
  joinAs,
  operator,
  room,
  settle,
  setup,
} from './testing/call-fixtures';

afterEach(cleanUpCalls);

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

describe('the device going offline', () => {
  it('shows reconnecting at once and closes the dead transport so Socket.IO reconnects', async () => {
    const network = new EventTarget();
    const { socket, session } = setup({ network });
    await joinAs(socket, session, caller, []);
    socket.message({ id: 'newUserInRoom', user: operator });
    socket.message({ id: 'start', from: operator.userID, sdpOffer: 'v=0 offer from operator' });
    await settle();
    FakePeerConnection.last().fireIceState('connected');
    expect(session.getSnapshot().phase).toMatchObject({ status: 'connected', reconnecting: false });

    network.dispatchEvent(new Event('offline'));
    expect(session.getSnapshot().phase).toMatchObject({ status: 'connected', reconnecting: true });
    expect(socket.io.engine.close).toHaveBeenCalledTimes(1);

    session.dispose();
    network.dispatchEvent(new Event('offline'));
    expect(socket.io.engine.close).toHaveBeenCalledTimes(1);
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
    expect(session.getSnapshot().phase).toMatchObject({ status: 'connected', reconnecting: true });
    socket.open();
    expect(socket.sent('join')).toHaveLength(2);
    expect(socket.lastJoin().payload).toMatchObject({ lastChatId: 15 });
    socket.lastJoin().ack?.({ ok: true, self: operator, users: [caller], status: 'active' });
    socket.message({ id: 'usersInRoom', users: [caller] });
    await settle();
    expect(socket.signals('newRemoteOffer')).toHaveLength(1);
    expect(session.getSnapshot().phase).toMatchObject({ status: 'connected', reconnecting: true });
    peer.fireIceState('connected');
    expect(session.getSnapshot().phase).toMatchObject({ status: 'connected', reconnecting: false });
  });

  it('ends reconnecting when the socket is back and the media never dropped', async () => {
    const { socket, session } = await connectedCaller();
    socket.drop();
    expect(session.getSnapshot().phase).toMatchObject({ status: 'connected', reconnecting: true });
    socket.open();
    socket.lastJoin().ack?.({ ok: true, self: caller, users: [operator], status: 'active' });
    expect(session.getSnapshot().phase).toMatchObject({ status: 'connected', reconnecting: false });
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
