import { afterEach, describe, expect, it, vi } from 'vitest';
import { callTexts } from '@seguridad/contracts/messages';
import type { Participant } from '@seguridad/contracts/realtime/call';
import { JOIN_ACK_TIMEOUT_MS, RoomMembership } from './room-membership';
import { partContext } from './testing/part-context';
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
    const { socket, session } = setup({ credentials: { side: 'answerer' } });
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

describe('RoomMembership on its own', () => {
  function membership() {
    const parts = partContext({ side: 'answerer' });
    // As the session does: the join answer moves the phase on.
    const onJoined = vi.fn((_self: unknown, peer: Participant | null) =>
      parts.store.dispatch({ type: 'joined', peer }),
    );
    const onStop = vi.fn();
    const onTransportChange = vi.fn();
    const room = new RoomMembership(parts.context, {
      call: { id: callId, room: parts.context.room },
      credentials: { side: 'answerer' },
      userName: 'Rosa',
      lastChatId: () => 27,
      onJoined,
      onStop,
      onTransportChange,
    });
    return { ...parts, room, onJoined, onStop, onTransportChange };
  }

  it('joins once with the chat id it is given and hands over who is in the room', async () => {
    const { room, socket, onJoined } = membership();
    const first = room.join();
    expect(room.join()).toBe(first);
    expect(socket.sent('join')).toHaveLength(1);
    expect(socket.lastJoin().payload).toMatchObject({ lastChatId: 27, userName: 'Rosa' });
    socket.lastJoin().ack?.({ ok: true, self: operator, users: [operator, caller], status: 'active' });
    await first;
    expect(onJoined).toHaveBeenCalledWith(operator, caller);
    expect(room.inRoom).toBe(true);
  });

  it('sends the join again when it stays unanswered after the call got under way', async () => {
    vi.useFakeTimers();
    const { room, socket, store, onStop } = membership();
    void room.join();
    socket.lastJoin().ack?.({ ok: true, self: operator, users: [], status: 'waiting' });
    // On its own, nothing routes socket events to the part: the test does.
    socket.drop();
    room.onDisconnect('transport close');
    socket.open();
    room.onConnect();
    expect(socket.sent('join')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(JOIN_ACK_TIMEOUT_MS);
    expect(socket.sent('join')).toHaveLength(3);
    expect(store.get().phase.status).toBe('waiting');
    expect(onStop).not.toHaveBeenCalled();
  });

  it('ends a call the server says is already over', async () => {
    const { room, socket, onStop, onJoined } = membership();
    const joined = room.join();
    socket.lastJoin().ack?.({ ok: true, self: operator, users: [], status: 'abandoned' });
    expect(onStop).toHaveBeenCalledWith({ type: 'ended', reason: 'abandoned' });
    expect(onJoined).not.toHaveBeenCalled();
    room.settleFirstJoin();
    await joined;
  });

  it('fails on a connection the server refused before the call started', () => {
    const { room, socket, onStop } = membership();
    socket.connected = false;
    void room.join();
    socket.active = false;
    room.onConnectError();
    expect(onStop).toHaveBeenCalledWith(expect.objectContaining({ type: 'failed', error: 'connect_error' }));
  });

  it('stops waiting for the leave acknowledgement after two seconds', async () => {
    vi.useFakeTimers();
    const { room, socket } = membership();
    let left = false;
    void room.leave(true).then(() => (left = true));
    expect(socket.sent('leave')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(left).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(left).toBe(true);
  });

  it('tells when the socket goes down, and re-joins on connect only while it wants the room', () => {
    const { room, socket, onTransportChange } = membership();
    void room.join();
    socket.lastJoin().ack?.({ ok: true, self: operator, users: [], status: 'waiting' });
    socket.drop();
    room.onDisconnect('transport close');
    expect(room.socketDown).toBe(true);
    expect(onTransportChange).toHaveBeenCalled();
    room.stop();
    socket.open();
    room.onConnect();
    expect(socket.sent('join')).toHaveLength(1);
  });
});
