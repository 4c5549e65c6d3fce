import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatSendAck, JoinAck } from '@seguridad/contracts/realtime/call';
import {
  callerJoin,
  callRow,
  callTestServer,
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
  type TestOperator,
} from '../testing/calls';

// A reconnect through the other process (a new socket, a join, the Redis fan-out) must fit in it
// on a loaded CI machine too.
const GRACE_MS = 1_500;
/** Redis outlives a run (its sign-up counters too): each run signs up addresses of its own. */
const run = Date.now().toString(36);

/** Two server processes (two apps) on one database and one Redis, as behind a load balancer. */
describe.runIf(Boolean(process.env.REDIS_URL))('calls across two processes sharing Redis', () => {
  let first: CallTestServer;
  let second: CallTestServer;
  let operator: TestOperator;

  beforeAll(async () => {
    const env = {
      REDIS_URL: process.env.REDIS_URL!,
      CALL_RECONNECT_GRACE_MS: String(GRACE_MS),
      // Redis keeps the sign-up and sign-in counters of 127.0.0.1 between suites and runs; those
      // limits are proven in their own tests, not here.
      AUTH_RATE_LIMIT_MAX: '10000',
      AUTH_ATTEMPTS_IP_FACTOR: '10000',
    };
    first = await callTestServer({ env });
    second = await callTestServer({ env, database: first.ctx.database });
    operator = await demoOperatorSession(first.ctx);
  });
  afterEach(() => {
    first.closeSockets();
    second.closeSockets();
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('connects a caller on one process with an operator on the other: join, offer/answer, chat, hang-up', async () => {
    const test = await insertCall(first.ctx, { status: 'active', operatorId: operator.userId });
    const caller = await first.connect();
    expect(await request<JoinAck>(caller, 'join', callerJoin(test, { userName: 'Rosa' }))).toMatchObject({
      ok: true,
    });

    const operatorSocket = await second.connect(operator.token);
    const newcomer = nextMessage<{ user: { userID: string } }>(caller, 'newUserInRoom');
    const operatorAck = await request<JoinAck>(operatorSocket, 'join', operatorJoin(test));
    expect(operatorAck.ok && operatorAck.users.map((user) => user.userID).sort()).toEqual(
      [`caller:${test.call.id}`, `operator:${operator.userId}`].sort(),
    );
    expect((await newcomer).user.userID).toBe(`operator:${operator.userId}`);

    const offer = nextMessage(caller, 'start');
    operatorSocket.emit('message', { id: 'start', roomName: test.call.room, sdpOffer: SDP });
    expect(await offer).toMatchObject({ from: `operator:${operator.userId}`, sdpOffer: SDP });
    const answer = nextMessage(operatorSocket, 'startResponse');
    caller.emit('message', { id: 'startResponse', roomName: test.call.room, sdpAnswer: SDP });
    expect(await answer).toMatchObject({ from: `caller:${test.call.id}`, sdpAnswer: SDP });

    const atOperator = nextEvent<ChatMessage>(operatorSocket, 'chat:message');
    const sent = await request<ChatSendAck>(caller, 'chat:send', {
      roomName: test.call.room,
      clientId: 'entre-procesos',
      message: 'Hola desde el otro proceso',
    });
    expect(await atOperator).toEqual(sent.ok && sent.message);

    const operatorEnded = nextEvent(operatorSocket, 'call:ended');
    expect(await request(caller, 'leave', { roomName: test.call.room })).toEqual({ ok: true });
    expect(await operatorEnded).toEqual({ roomName: test.call.room, reason: 'hangup' });
    // The room was emptied on the other process too.
    const refused = nextEvent<{ error: string }>(operatorSocket, 'signal:error');
    operatorSocket.emit('message', { id: 'onVideoReady', roomName: test.call.room });
    expect((await refused).error).toBe('not_in_room');
  });

  it('keeps the call when the caller comes back through the other process within the grace', async () => {
    const test = await insertCall(first.ctx, { status: 'active', operatorId: operator.userId });
    const caller = await first.connect();
    await request(caller, 'join', callerJoin(test));
    const operatorSocket = await second.connect(operator.token);
    await request(operatorSocket, 'join', operatorJoin(test));
    const ended = record(operatorSocket, 'call:ended');

    caller.close();
    await pause(GRACE_MS / 4);
    const back = await second.connect();
    expect(await request(back, 'join', callerJoin(test))).toMatchObject({ ok: true });
    await pause(GRACE_MS * 2);
    expect(ended).toEqual([]);
    expect((await callRow(first.ctx, test.call.id)).status).toBe('active');
  });

  it('counts the operators online on both processes, and tells each of them', async () => {
    const colleague = await newOperator(first.ctx, `redis-colega-${run}@example.com`);
    const another = await newOperator(first.ctx, `redis-colega-2-${run}@example.com`, colleague.companyId);
    let presence: { operators_online: number }[] = [];
    await first.connect(colleague.token, (socket) => {
      presence = record(socket, 'presence:changed');
    });
    await second.connect(another.token);
    await waitFor(() => presence.at(-1)?.operators_online === 2);
    expect(await first.ctx.app.callRealtime.operatorsOnline(colleague.companyId)).toBe(2);
    expect(await second.ctx.app.callRealtime.operatorsOnline(colleague.companyId)).toBe(2);
  });
});
