import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callTexts } from '@seguridad/contracts/messages';
import type { JoinAck, Participant } from '@seguridad/contracts/realtime/call';
import { bearer, newSession } from '../testing/accounts';
import {
  callerJoin,
  callRow,
  callTestServer,
  connectedCall,
  demoOperatorSession,
  insertCall,
  newOperator,
  nextEvent,
  nextMessage,
  operatorJoin,
  pause,
  record,
  request,
  SDP,
  waitFor,
  type CallTestServer,
  type TestCall,
  type TestOperator,
} from '../testing/calls';
import type { TestContext } from '../testing/test-app';

describe('call signaling over Socket.IO', () => {
  let server: CallTestServer;
  let ctx: TestContext;
  let operator: TestOperator;

  beforeAll(async () => {
    server = await callTestServer();
    ctx = server.ctx;
    operator = await demoOperatorSession(ctx);
  });
  afterEach(() => server.closeSockets());
  afterAll(() => server.close());

  it('lets the caller and the accepting operator join, and tells each who is in the room', async () => {
    const test = await insertCall(ctx, { status: 'active', operatorId: operator.userId });
    const caller = await server.connect();
    const callerUsers = nextMessage<{ users: Participant[] }>(caller, 'usersInRoom');
    const callerAck = await request<JoinAck>(caller, 'join', callerJoin(test, { userName: '  Rosa <b>' }));
    expect(callerAck).toEqual({
      ok: true,
      status: 'active',
      self: { userID: `caller:${test.call.id}`, userName: 'Rosa <b>', side: 'caller', userAvatar: null },
      users: [expect.objectContaining({ userID: `caller:${test.call.id}` })],
    });
    expect((await callerUsers).users).toHaveLength(1);

    const newcomer = nextMessage<{ user: Participant }>(caller, 'newUserInRoom');
    const operatorSocket = await server.connect(operator.token);
    const operatorUsers = nextMessage<{ users: Participant[] }>(operatorSocket, 'usersInRoom');
    const operatorAck = await request<JoinAck>(operatorSocket, 'join', operatorJoin(test));
    expect(operatorAck.ok && operatorAck.self).toEqual({
      userID: `operator:${operator.userId}`,
      userName: 'Olga Operadora',
      side: 'answerer',
      userAvatar: null,
    });
    expect((await operatorUsers).users.map((user) => user.userID).sort()).toEqual(
      [`caller:${test.call.id}`, `operator:${operator.userId}`].sort(),
    );
    expect((await newcomer).user.userID).toBe(`operator:${operator.userId}`);
  });

  it("handles an operator's join sent before its connection was even established", async () => {
    const test = await insertCall(ctx, { status: 'active', operatorId: operator.userId });
    let early: Promise<JoinAck> | undefined;
    await server.connect(operator.token, (connecting) => {
      early = request<JoinAck>(connecting, 'join', operatorJoin(test));
    });
    expect(await early).toMatchObject({ ok: true, self: { side: 'answerer' } });
  });

  it('names a caller who gave no name Ciudadano, whatever side or id it claims', async () => {
    const test = await insertCall(ctx);
    const caller = await server.connect();
    const ack = await request<JoinAck>(
      caller,
      'join',
      callerJoin(test, { userName: '\u0007 ', isAdmin: true, userID: 'operator:1', isStreamer: true }),
    );
    expect(ack.ok && ack.self).toMatchObject({
      userName: 'Ciudadano',
      side: 'caller',
      userID: `caller:${test.call.id}`,
    });
    expect(ack.ok && ack.status).toBe('waiting');
  });

  it('relays offer, answer and ICE to the peer, stamped by the server with the sender', async () => {
    const { test, caller, operatorSocket } = await connectedCall(server, operator, { userName: 'Rosa' });
    const room = test.call.room;
    const operatorId = `operator:${operator.userId}`;
    const callerId = `caller:${test.call.id}`;
    const operatorEcho = record<{ id: string }>(operatorSocket, 'message');

    const offer = nextMessage(caller, 'start');
    operatorSocket.emit('message', { id: 'start', roomName: room, sdpOffer: SDP, from: callerId });
    expect(await offer).toEqual({ id: 'start', roomName: room, sdpOffer: SDP, from: operatorId });

    const answer = nextMessage(operatorSocket, 'startResponse');
    caller.emit('message', { id: 'startResponse', roomName: room, sdpAnswer: SDP, from: 'operator:999' });
    expect(await answer).toEqual({ id: 'startResponse', roomName: room, sdpAnswer: SDP, from: callerId });

    const candidate = {
      candidate: 'candidate:1 1 udp 2122260223 10.0.0.2 54321 typ host',
      sdpMid: '0',
      sdpMLineIndex: 0,
    };
    const offererIce = nextMessage(caller, 'iceCandidate');
    operatorSocket.emit('message', { id: 'onIceCandidate', roomName: room, candidate });
    expect(await offererIce).toEqual({ id: 'iceCandidate', roomName: room, candidate, from: operatorId });

    const answererIce = nextMessage(operatorSocket, 'remoteIceCandidate');
    caller.emit('message', { id: 'onIceCandidateRemote', roomName: room, candidate });
    expect(await answererIce).toEqual({
      id: 'remoteIceCandidate',
      roomName: room,
      candidate,
      from: callerId,
    });

    const restart = nextMessage(operatorSocket, 'newRemoteOffer');
    caller.emit('message', { id: 'newRemoteOffer', roomName: room, sdpOffer: SDP });
    expect(await restart).toMatchObject({ from: callerId, sdpOffer: SDP });
    const restartAnswer = nextMessage(caller, 'remoteResponse');
    operatorSocket.emit('message', { id: 'remoteResponse', roomName: room, sdpAnswer: SDP });
    expect(await restartAnswer).toMatchObject({ from: operatorId, sdpAnswer: SDP });

    const peerReady = nextMessage(operatorSocket, 'onUserVideoReady');
    const ownReady = nextMessage(caller, 'onVideoReady');
    caller.emit('message', { id: 'onVideoReady', roomName: room });
    expect(await peerReady).toEqual({ id: 'onUserVideoReady', roomName: room, from: callerId });
    expect(await ownReady).toEqual({ id: 'onVideoReady', roomName: room });

    const recording = nextMessage(caller, 'startRecording');
    operatorSocket.emit('message', { id: 'startRecording', roomName: room, videoCallID: 999_999 });
    expect(await recording).toEqual({
      id: 'startRecording',
      roomName: room,
      recordingType: 1,
      videoCallID: test.call.id,
      from: operatorId,
      recordingId: expect.any(Number),
    });

    // The sender never hears its own signaling back, except the recording's start (decision 017:
    // its console records only once the server opened the recording).
    expect(operatorEcho.filter((message) => message.id === 'start')).toEqual([]);
    await waitFor(() => operatorEcho.some((message) => message.id === 'startRecording'));
    expect(operatorEcho.filter((message) => message.id === 'startRecording')).toHaveLength(1);
  });

  describe('refuses to join', () => {
    let test: TestCall;
    beforeAll(async () => {
      test = await insertCall(ctx, { status: 'active', operatorId: operator.userId });
    });

    it('with a wrong caller token, or the token of another call', async () => {
      const other = await insertCall(ctx);
      const caller = await server.connect();
      expect(await request(caller, 'join', callerJoin(test, { callToken: other.token }))).toEqual({
        ok: false,
        error: 'call_not_found',
        message: callTexts.callNotFound,
      });
      expect(await request(caller, 'join', callerJoin(test, { callToken: 'x'.repeat(43) }))).toMatchObject({
        error: 'call_not_found',
      });
      expect(await request(caller, 'join', callerJoin(test, { callToken: undefined }))).toMatchObject({
        error: 'call_not_found',
      });
    });

    it('with the right token but the room of another call', async () => {
      const other = await insertCall(ctx);
      const caller = await server.connect();
      expect(await request(caller, 'join', callerJoin(test, { roomName: other.call.room }))).toMatchObject({
        ok: false,
        error: 'call_not_found',
      });
      expect(caller.connected).toBe(true);
    });

    it('as an operator of another company', async () => {
      const stranger = await newOperator(ctx, 'operadora-ajena@example.com');
      const socket = await server.connect(stranger.token);
      expect(await request(socket, 'join', operatorJoin(test))).toMatchObject({
        ok: false,
        error: 'call_not_found',
      });
    });

    it('as a citizen with a session but no operator membership', async () => {
      const citizen = await server.connect(await newSession(ctx, 'vecina@example.com'));
      expect(await request(citizen, 'join', operatorJoin(test))).toMatchObject({
        ok: false,
        error: 'call_not_found',
      });
    });

    it('as an operator, a call still waiting to be accepted', async () => {
      const waiting = await insertCall(ctx);
      const socket = await server.connect(operator.token);
      expect(await request(socket, 'join', operatorJoin(waiting))).toEqual({
        ok: false,
        error: 'not_in_call',
        message: callTexts.notInCall,
      });
    });

    it('a call that already ended, on either side', async () => {
      const ended = await insertCall(ctx, {
        status: 'ended',
        operatorId: operator.userId,
        endedAt: new Date(),
      });
      const caller = await server.connect();
      expect(await request(caller, 'join', callerJoin(ended))).toMatchObject({ error: 'call_not_found' });
      const socket = await server.connect(operator.token);
      expect(await request(socket, 'join', operatorJoin(ended))).toMatchObject({ error: 'call_not_found' });
    });

    it('as a second operator while another one is in the call', async () => {
      const { test: busy } = await connectedCall(server, operator, { userName: 'Rosa' });
      const colleague = await newOperator(ctx, 'colega@example.com', busy.call.companyId);
      const socket = await server.connect(colleague.token);
      // A call another operator answered is none of a colleague's business: as for a stranger.
      expect(await request(socket, 'join', operatorJoin(busy))).toEqual({
        ok: false,
        error: 'call_not_found',
        message: callTexts.callNotFound,
      });
    });
  });

  it('refuses malformed payloads without dropping the connection', async () => {
    const { test, caller } = await connectedCall(server, operator, { userName: 'Rosa' });
    expect(await request(caller, 'join', 'hola')).toMatchObject({ ok: false, error: 'invalid_payload' });
    expect(await request(caller, 'join', { roomName: '../../etc', videoCallID: -1 })).toMatchObject({
      error: 'invalid_payload',
    });
    expect(await request(caller, 'chat:send', null)).toMatchObject({ ok: false, error: 'invalid_payload' });
    expect(await request(caller, 'leave', [1, 2])).toMatchObject({ ok: false, error: 'invalid_payload' });

    const errors = record<{ error: string }>(caller, 'signal:error');
    caller.emit('message', { id: 'start', roomName: test.call.room, sdpOffer: 'x' });
    caller.emit('message', { id: 'unknownId', roomName: test.call.room });
    caller.emit('message', 42);
    caller.emit('message');
    caller.emit('join', { roomName: test.call.room }); // no ack function: nothing to answer, no crash
    caller.emit('no-such-event', { a: 1 });
    await waitFor(() => errors.length >= 4);
    await pause(50);
    expect(errors.map((error) => error.error)).toEqual([
      'invalid_payload',
      'invalid_payload',
      'invalid_payload',
      'invalid_payload',
    ]);
    expect(caller.connected).toBe(true);
    expect(await request(caller, 'join', callerJoin(test))).toMatchObject({ ok: true });
  });

  it('does not relay into a room the socket has not joined', async () => {
    const { test, caller } = await connectedCall(server, operator, { userName: 'Rosa' });
    const intruder = await server.connect();
    const received = record(caller, 'message');
    const refused = nextEvent<{ error: string; message: string }>(intruder, 'signal:error');
    intruder.emit('message', { id: 'start', roomName: test.call.room, sdpOffer: SDP });
    expect(await refused).toEqual({ error: 'not_in_room', message: callTexts.notInCall });

    // A participant of another call cannot aim at this room either.
    const otherCall = await insertCall(ctx);
    const otherCaller = await server.connect();
    await request(otherCaller, 'join', callerJoin(otherCall));
    const refusedAgain = nextEvent<{ error: string }>(otherCaller, 'signal:error');
    otherCaller.emit('message', { id: 'start', roomName: test.call.room, sdpOffer: SDP });
    expect((await refusedAgain).error).toBe('not_in_room');
    await pause(100);
    expect(received).toEqual([]);
  });

  it('lets a newer socket of the same participant take the place of the older one', async () => {
    const { test, caller, operatorSocket } = await connectedCall(server, operator, { userName: 'Rosa' });
    const replacement = await server.connect();
    const rejoined = nextMessage<{ user: Participant }>(operatorSocket, 'newUserInRoom');
    const ack = await request<JoinAck>(replacement, 'join', callerJoin(test, { lastChatId: 0 }));
    expect(ack.ok && ack.users.map((user) => user.userID).sort()).toEqual(
      [`caller:${test.call.id}`, `operator:${operator.userId}`].sort(),
    );
    expect((await rejoined).user.userID).toBe(`caller:${test.call.id}`);

    const staleReceived = record(caller, 'message');
    const offer = nextMessage(replacement, 'start');
    operatorSocket.emit('message', { id: 'start', roomName: test.call.room, sdpOffer: SDP });
    await offer;
    await pause(50);
    expect(staleReceived).toEqual([]);
    const refused = nextEvent<{ error: string }>(caller, 'signal:error');
    caller.emit('message', { id: 'onVideoReady', roomName: test.call.room });
    expect((await refused).error).toBe('not_in_room');

    // The older socket going away ends nothing.
    caller.close();
    await pause(100);
    expect((await callRow(ctx, test.call.id)).status).toBe('active');
  });

  it('ends the call for both sides when one of them hangs up', async () => {
    const { test, caller, operatorSocket } = await connectedCall(server, operator, { userName: 'Rosa' });
    const callerEnded = nextEvent(caller, 'call:ended');
    const operatorEnded = nextEvent(operatorSocket, 'call:ended');
    const operatorSawLeave = nextMessage<{ user: Participant }>(operatorSocket, 'userLeaveRoom');
    const queueRemoved = nextEvent(
      operatorSocket,
      'queue:removed',
      (event: { id: number }) => event.id === test.call.id,
    );

    expect(await request(caller, 'leave', { roomName: test.call.room })).toEqual({ ok: true });
    expect(await callerEnded).toEqual({ roomName: test.call.room, reason: 'hangup' });
    expect(await operatorEnded).toEqual({ roomName: test.call.room, reason: 'hangup' });
    expect((await operatorSawLeave).user.userID).toBe(`caller:${test.call.id}`);
    expect(await queueRemoved).toEqual({ id: test.call.id, reason: 'ended' });
    expect(await callRow(ctx, test.call.id)).toMatchObject({ status: 'ended', endReason: 'hangup' });

    // Both left the room: nothing relays any more, and leaving again is refused.
    const refused = nextEvent<{ error: string }>(operatorSocket, 'signal:error');
    operatorSocket.emit('message', { id: 'start', roomName: test.call.room, sdpOffer: SDP });
    expect((await refused).error).toBe('not_in_room');
    expect(await request(caller, 'leave', { roomName: test.call.room })).toMatchObject({
      error: 'not_in_room',
    });
  });

  it('ends a call whose media never connected as no_media, for both sides, listed as such', async () => {
    const { test, caller, operatorSocket } = await connectedCall(server, operator);
    const callerEnded = nextEvent(caller, 'call:ended');
    const operatorEnded = nextEvent(operatorSocket, 'call:ended');
    expect(await request(operatorSocket, 'leave', { roomName: test.call.room, reason: 'no_media' })).toEqual({
      ok: true,
    });
    expect(await callerEnded).toEqual({ roomName: test.call.room, reason: 'no_media' });
    expect(await operatorEnded).toEqual({ roomName: test.call.room, reason: 'no_media' });
    expect(await callRow(ctx, test.call.id)).toMatchObject({ status: 'ended', endReason: 'no_media' });
    // The other side gives up a moment later: nothing more happens.
    expect(await request(caller, 'leave', { roomName: test.call.room, reason: 'no_media' })).toMatchObject({
      error: 'not_in_room',
    });
    const history = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/operator/calls/history',
      headers: bearer(operator.token),
    });
    expect(history.json().calls.find((call: { id: number }) => call.id === test.call.id)).toMatchObject({
      status: 'ended',
      end_reason: 'no_media',
    });
  });

  it('refuses an unknown leave reason, and abandons a waiting call given up as no_media', async () => {
    const test = await insertCall(ctx);
    const caller = await server.connect();
    await request(caller, 'join', callerJoin(test));
    expect(await request(caller, 'leave', { roomName: test.call.room, reason: 'bored' })).toMatchObject({
      ok: false,
      error: 'invalid_payload',
    });
    const ended = nextEvent(caller, 'call:ended');
    expect(await request(caller, 'leave', { roomName: test.call.room, reason: 'no_media' })).toEqual({
      ok: true,
    });
    expect(await ended).toEqual({ roomName: test.call.room, reason: 'abandoned' });
    expect((await callRow(ctx, test.call.id)).status).toBe('abandoned');
  });

  it('abandons a waiting call its caller hangs up', async () => {
    const test = await insertCall(ctx);
    const caller = await server.connect();
    await request(caller, 'join', callerJoin(test));
    const ended = nextEvent(caller, 'call:ended');
    expect(await request(caller, 'leave', { roomName: test.call.room })).toEqual({ ok: true });
    expect(await ended).toEqual({ roomName: test.call.room, reason: 'abandoned' });
    expect((await callRow(ctx, test.call.id)).status).toBe('abandoned');
  });
});
