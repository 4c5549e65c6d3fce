import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { JoinAck, QueuePosition } from '@seguridad/contracts/realtime/call';
import {
  callerJoin,
  callRow,
  callTestServer,
  connectedCall,
  demoOperatorSession,
  insertCall,
  markAccepted,
  newOperator,
  nextEvent,
  nextMessage,
  openSocket,
  pause,
  record,
  request,
  waitFor,
  type CallTestServer,
  type TestCall,
  type TestOperator,
} from '../testing/calls';
import type { TestContext } from '../testing/test-app';
import { createEmptyCallSweeper, SWEEP_MIN_AGE_MS } from './call-ending';
import { DEFAULT_HANDLED_SECONDS } from './call-queue';

// Long enough that a reconnect on a loaded CI machine (a new socket and a join) fits in a quarter
// of it to spare, short enough that the tests waiting it out stay quick.
const GRACE_MS = 1_200;

describe('call lifecycle: reconnect grace, queue, presence, sweep', () => {
  let server: CallTestServer;
  let ctx: TestContext;
  let operator: TestOperator;

  beforeAll(async () => {
    server = await callTestServer({ env: { CALL_RECONNECT_GRACE_MS: String(GRACE_MS) } });
    ctx = server.ctx;
    operator = await demoOperatorSession(ctx);
  });
  afterEach(() => server.closeSockets());
  afterAll(() => server.close());

  describe('a participant whose socket drops', () => {
    it('keeps the call when it rejoins within the grace', async () => {
      const { test, caller, operatorSocket } = await connectedCall(server, operator);
      const ended = record(operatorSocket, 'call:ended');
      caller.close();
      await pause(GRACE_MS / 4);
      const back = await server.connect();
      const ack = await request<JoinAck>(back, 'join', callerJoin(test));
      expect(ack).toMatchObject({ ok: true, status: 'active' });
      await pause(GRACE_MS * 2);
      expect(ended).toEqual([]);
      expect((await callRow(ctx, test.call.id)).status).toBe('active');
    });

    it('ends an active call when the caller does not come back', async () => {
      const { test, caller, operatorSocket } = await connectedCall(server, operator);
      const ended = nextEvent(operatorSocket, 'call:ended', undefined, GRACE_MS * 10);
      const left = nextMessage<{ user: { userID: string } }>(operatorSocket, 'userLeaveRoom', GRACE_MS * 10);
      const droppedAt = Date.now();
      caller.close();
      expect(await ended).toEqual({ roomName: test.call.room, reason: 'caller_left' });
      expect(Date.now() - droppedAt).toBeGreaterThanOrEqual(GRACE_MS - 50);
      expect((await left).user.userID).toBe(`caller:${test.call.id}`);
      expect(await callRow(ctx, test.call.id)).toMatchObject({ status: 'ended', endReason: 'caller_left' });
    });

    it('ends an active call when the operator does not come back', async () => {
      const { test, caller, operatorSocket } = await connectedCall(server, operator);
      const ended = nextEvent(caller, 'call:ended', undefined, GRACE_MS * 10);
      operatorSocket.close();
      expect(await ended).toEqual({ roomName: test.call.room, reason: 'operator_left' });
      expect((await callRow(ctx, test.call.id)).endReason).toBe('operator_left');
    });

    it('abandons a waiting public call, and the operators see it leave the queue', async () => {
      const test = await insertCall(ctx);
      const consoleSocket = await server.connect(operator.token);
      const removed = nextEvent(
        consoleSocket,
        'queue:removed',
        (event: { id: number }) => event.id === test.call.id,
        GRACE_MS * 10,
      );
      const caller = await server.connect();
      await request(caller, 'join', callerJoin(test));
      caller.close();
      expect(await removed).toEqual({ id: test.call.id, reason: 'abandoned' });
      expect((await callRow(ctx, test.call.id)).status).toBe('abandoned');
    });

    it('leaves a private room open for its link when its caller drops before the operator came', async () => {
      const test = await insertCall(ctx, { isPrivate: true, operatorId: operator.userId });
      const caller = await server.connect();
      await request(caller, 'join', callerJoin(test));
      caller.close();
      await pause(GRACE_MS * 2);
      expect((await callRow(ctx, test.call.id)).status).toBe('waiting');
    });
  });

  describe('the queue', () => {
    let company: { token: string; userId: number; companyId: number };
    let consoleSocket: Socket;
    beforeAll(async () => {
      company = await newOperator(ctx, 'cola@example.com');
      const now = Date.now();
      // Two handled calls of 100 s and 300 s: the estimate uses their mean, 200 s per call.
      for (const seconds of [100, 300]) {
        await insertCall(ctx, {
          companyId: company.companyId,
          status: 'ended',
          createdAt: new Date(now - 3_600_000),
          acceptedAt: new Date(now - 3_000_000),
          endedAt: new Date(now - 3_000_000 + seconds * 1000),
        });
      }
    });
    beforeAll(async () => {
      consoleSocket = await openSocket(server.url, company.token);
    });
    afterAll(() => consoleSocket.close());

    async function waitingCaller(createdAt: Date) {
      const test = await insertCall(ctx, { companyId: company.companyId, createdAt });
      const socket = await server.connect();
      const positions = record<QueuePosition>(socket, 'call:queue');
      await request(socket, 'join', callerJoin(test));
      return { test, socket, positions };
    }

    it('gives each waiting caller its place and an estimate, and moves them up as calls leave it', async () => {
      const base = Date.now() - 60_000;
      const first = await waitingCaller(new Date(base));
      const second = await waitingCaller(new Date(base + 1_000));
      const third = await waitingCaller(new Date(base + 2_000));
      await waitFor(() => third.positions.length > 0);
      expect(first.positions.at(-1)).toEqual({
        roomName: first.test.call.room,
        position: 1,
        eta_seconds: 200,
        operators_online: 1,
      });
      expect(second.positions.at(-1)).toMatchObject({ position: 2, eta_seconds: 400 });
      expect(third.positions.at(-1)).toMatchObject({ position: 3, eta_seconds: 600 });

      const removed = nextEvent(consoleSocket, 'queue:removed');
      const accepted = await markAccepted(ctx, first.test.call.id, company.userId);
      await ctx.app.callRealtime.callAccepted(accepted);
      expect(await removed).toEqual({ id: first.test.call.id, reason: 'accepted' });
      await waitFor(() => third.positions.at(-1)?.position === 2 && second.positions.at(-1)?.position === 1);
      expect(second.positions.at(-1)).toMatchObject({ position: 1, eta_seconds: 200 });
      expect(third.positions.at(-1)).toMatchObject({ position: 2, eta_seconds: 400 });

      await request(second.socket, 'leave', { roomName: second.test.call.room });
      await waitFor(() => third.positions.at(-1)?.position === 1);

      // A second operator online halves the estimate.
      const colleague = await newOperator(ctx, 'cola-2@example.com', company.companyId);
      await server.connect(colleague.token);
      await waitFor(() => third.positions.at(-1)?.operators_online === 2);
      expect(third.positions.at(-1)).toMatchObject({ position: 1, eta_seconds: 100 });
    });

    it('announces new calls to the company, and a private room only to the operator who made it', async () => {
      const colleague = await newOperator(ctx, 'cola-3@example.com', company.companyId);
      const colleagueSocket = await server.connect(colleague.token);
      const colleagueAdded = record<{ id: number }>(colleagueSocket, 'queue:added');

      const publicCall = await insertCall(ctx, { companyId: company.companyId });
      const added = nextEvent(consoleSocket, 'queue:added');
      await ctx.app.callRealtime.callQueued(publicCall.call);
      expect(await added).toEqual({
        id: publicCall.call.id,
        room: publicCall.call.room,
        speciality_id: null,
        speciality: 'General',
        from: 'https://seguridad.example.cl/',
        private: false,
        kind: 'video',
        created_at: publicCall.call.createdAt.toISOString(),
      });

      const privateCall = await insertCall(ctx, {
        companyId: company.companyId,
        isPrivate: true,
        operatorId: company.userId,
      });
      const privateAdded = nextEvent<{ id: number }>(consoleSocket, 'queue:added');
      await ctx.app.callRealtime.callQueued(privateCall.call);
      expect((await privateAdded).id).toBe(privateCall.call.id);
      await pause(100);
      expect(colleagueAdded.map((event) => event.id)).toEqual([publicCall.call.id]);
    });

    it('estimates with the default duration before any call was handled', async () => {
      const fresh = await newOperator(ctx, 'sin-historial@example.com');
      const test = await insertCall(ctx, { companyId: fresh.companyId });
      const socket = await server.connect();
      const position = nextEvent<QueuePosition>(socket, 'call:queue');
      await request(socket, 'join', callerJoin(test));
      expect(await position).toMatchObject({
        position: 1,
        operators_online: 0,
        eta_seconds: DEFAULT_HANDLED_SECONDS,
      });
    });
  });

  it("tells a company's operators how many of them are online", async () => {
    const first = await newOperator(ctx, 'presencia-1@example.com');
    const second = await newOperator(ctx, 'presencia-2@example.com', first.companyId);
    let presence: { operators_online: number }[] = [];
    await server.connect(first.token, (socket) => (presence = record(socket, 'presence:changed')));
    await waitFor(() => presence.length > 0);
    expect(presence.at(-1)).toEqual({ operators_online: 1 });

    const secondSocket = await server.connect(second.token);
    await waitFor(() => presence.at(-1)?.operators_online === 2);
    expect(await ctx.app.callRealtime.operatorsOnline(first.companyId)).toBe(2);

    secondSocket.close();
    await waitFor(() => presence.at(-1)?.operators_online === 1);
    expect(await ctx.app.callRealtime.operatorsOnline(first.companyId)).toBe(1);

    // A citizen's session counts for nobody.
    const other = await newOperator(ctx, 'presencia-otra@example.com');
    await server.connect(other.token);
    await pause(100);
    expect(presence.at(-1)).toEqual({ operators_online: 1 });
  });

  it('sweeps open calls whose room stayed empty, and leaves the others alone', async () => {
    const old = new Date(Date.now() - SWEEP_MIN_AGE_MS - 60_000);
    const deserted: TestCall = await insertCall(ctx, { createdAt: old });
    const desertedActive = await insertCall(ctx, {
      createdAt: old,
      status: 'active',
      operatorId: operator.userId,
    });
    const occupied = await insertCall(ctx, { createdAt: old });
    const privateWaiting = await insertCall(ctx, {
      createdAt: old,
      isPrivate: true,
      operatorId: operator.userId,
    });
    const young = await insertCall(ctx);
    const caller = await server.connect();
    await request(caller, 'join', callerJoin(occupied));

    const sweep = createEmptyCallSweeper(ctx.app);
    await sweep();
    expect((await callRow(ctx, deserted.call.id)).status).toBe('waiting');
    await sweep();
    expect(await callRow(ctx, deserted.call.id)).toMatchObject({
      status: 'abandoned',
      endReason: 'abandoned',
    });
    expect(await callRow(ctx, desertedActive.call.id)).toMatchObject({
      status: 'ended',
      endReason: 'timeout',
    });
    for (const kept of [occupied, privateWaiting, young]) {
      expect((await callRow(ctx, kept.call.id)).status).toBe('waiting');
    }
  });
});
