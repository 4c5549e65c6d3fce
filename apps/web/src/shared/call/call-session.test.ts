import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cleanUpCalls,
  caller,
  chatMessage,
  connectedCaller,
  connectedOperator,
  joinAs,
  operator,
  room,
  setup,
} from './testing/call-fixtures';
import { remoteStreamOf } from './call-state';

afterEach(cleanUpCalls);

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
    expect(remoteStreamOf(session.getSnapshot().phase)).toBeNull();
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
    ['answerer', 'caller_left', 'peer_left'],
    ['answerer', 'operator_left', 'timeout'],
  ] as const)('as %s, maps the server reason %s to %s', async (side, reason, expected) => {
    const { socket, session } = side === 'caller' ? setup() : setup({ credentials: { side: 'answerer' } });
    await joinAs(socket, session, side === 'caller' ? caller : operator, []);
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
