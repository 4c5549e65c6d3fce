import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOM_NAME_PATTERN } from '@seguridad/contracts/http/calls';
import { callTexts, errorMessages } from '@seguridad/contracts/messages';
import { callAttachments, callChatMessages, videoCalls } from '../../db/schema';
import { bearer, getAs, newSession, postAs } from '../../testing/accounts';
import {
  createCall,
  demoCompanyId,
  demoKey,
  demoOperatorSession,
  newOperator,
  nextEvent,
  openDemoCompany,
  otherCompany,
  startCall,
  useCallTestServer,
} from '../../testing/calls';

describe('operator call routes', () => {
  const { server, ctx } = useCallTestServer();
  let admin: string;
  let colleague: string;
  let citizen: string;
  let other: Awaited<ReturnType<typeof otherCompany>>;

  const queueOf = async (token: string) => {
    const response = await getAs(ctx, token, '/api/v1/operator/calls/queue');
    expect(response.statusCode).toBe(200);
    return response.json() as { calls: { id: number; private: boolean }[]; operators_online: number };
  };
  const accept = (id: number, token: string) => postAs(ctx, token, `/api/v1/operator/calls/${id}/accept`);

  beforeAll(async () => {
    await openDemoCompany(ctx);
    admin = (await demoOperatorSession(ctx)).token;
    colleague = (await newOperator(ctx, 'colega@example.com', await demoCompanyId(ctx))).token;
    other = await otherCompany(ctx, 'sur');
    citizen = await newSession(ctx, 'vecina@example.com');
    await server.connectConsole(admin);
    await server.connectConsole(other.operator);
  });

  it("lists the company's waiting calls, oldest first, and no other company's", async () => {
    const first = await startCall(ctx, { from: 'https://a.example.cl' });
    const second = await startCall(ctx);
    const theirs = await createCall(ctx, {}, other.key);
    expect(theirs.statusCode).toBe(200);

    const ours = await queueOf(admin);
    expect(ours.operators_online).toBe(1);
    expect(ours.calls.map((call) => call.id)).toEqual([first.id, second.id]);
    // Whether the only operator online was offered the first call yet is routing's business (decision 043).
    expect({ ...ours.calls[0], offer: undefined }).toEqual({
      id: first.id,
      room: first.room,
      speciality_id: null,
      speciality: callTexts.defaultSpeciality,
      from: 'https://a.example.cl',
      private: false,
      kind: 'video',
      created_at: expect.any(String),
    });
    expect((await queueOf(other.operator)).calls.map((call) => call.id)).toEqual([theirs.json().data.id]);
  });

  it('refuses every console call route to anonymous visitors (401) and to citizens (403)', async () => {
    const routes = [
      { method: 'GET', url: '/api/v1/operator/calls/queue' },
      { method: 'GET', url: '/api/v1/operator/calls/history' },
      { method: 'POST', url: '/api/v1/operator/calls/private' },
      { method: 'POST', url: '/api/v1/operator/calls/1/accept' },
      { method: 'GET', url: '/api/v1/operator/calls/1/chat' },
    ] as const;
    for (const route of routes) {
      const anonymous = await ctx.app.inject(route);
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
      const outsider = await ctx.app.inject({ ...route, headers: bearer(citizen) });
      expect(outsider.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('gives a call to exactly one of two operators accepting at once', async () => {
    const call = await startCall(ctx);
    const [a, b] = await Promise.all([accept(call.id, admin), accept(call.id, colleague)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? a : b;
    const loser = a.statusCode === 200 ? b : a;
    expect(winner.json()).toMatchObject({ code: 200, call: { id: call.id, room: call.room } });
    expect(loser.json()).toMatchObject({ error: 'call_taken', message: callTexts.callTaken });
    const [row] = await ctx.database.db.select().from(videoCalls).where(eq(videoCalls.id, call.id));
    expect(row).toMatchObject({ status: 'active', acceptedAt: expect.any(Date) });
    expect((await queueOf(admin)).calls.map((queued) => queued.id)).not.toContain(call.id);

    // The operator who holds it may come back to it (a reload of the console).
    const holder = a.statusCode === 200 ? admin : colleague;
    expect((await accept(call.id, holder)).statusCode).toBe(200);
  });

  it('tells every console of the company that an accepted call left the queue', async () => {
    const watching = await server.connectConsole(colleague);
    const call = await startCall(ctx);
    const removed = nextEvent(watching, 'queue:removed', (event: { id: number }) => event.id === call.id);
    expect((await accept(call.id, admin)).statusCode).toBe(200);
    expect(await removed).toEqual({ id: call.id, reason: 'accepted' });
  });

  it("hides another company's calls and ended calls behind 404", async () => {
    const call = await startCall(ctx);
    const foreign = await accept(call.id, other.operator);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(callTexts.callNotFound);
    expect((await accept(987_654, admin)).statusCode).toBe(404);

    await ctx.app.inject({
      method: 'POST',
      url: `/api/calls/videoCall/${call.id}/end`,
      headers: { 'call-token': call.token },
    });
    expect((await accept(call.id, admin)).statusCode).toBe(404);

    const malformed = await accept(0, admin);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(errorMessages.badRequest);
  });

  it('opens a private room whose link lets a citizen in, and only for its operator', async () => {
    const created = await postAs(ctx, colleague, '/api/v1/operator/calls/private');
    expect(created.statusCode).toBe(200);
    const { call, link } = created.json();
    expect(call).toMatchObject({ private: true, speciality: callTexts.defaultSpeciality });
    expect(call.room).toMatch(ROOM_NAME_PATTERN);
    expect(link).toBe(`${ctx.config.publicBaseUrl}/?privatevideo=${call.room}`);

    expect((await queueOf(colleague)).calls.map((queued) => queued.id)).toContain(call.id);
    expect((await queueOf(admin)).calls.map((queued) => queued.id)).not.toContain(call.id);
    expect((await accept(call.id, admin)).statusCode).toBe(404);
    expect((await accept(call.id, colleague)).statusCode).toBe(200);
    expect((await accept(call.id, colleague)).statusCode).toBe(200);
    expect((await queueOf(colleague)).calls.map((queued) => queued.id)).toContain(call.id);

    // Private rooms skip the presence and hours checks: the operator is already waiting.
    await openDemoCompany(ctx, { workingHours: [] });
    const opened = await createCall(ctx, { privateRoom: call.room });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data).toMatchObject({ id: call.id, room: call.room, private: true });
    const firstToken = opened.json().data.token;

    const reloaded = await createCall(ctx, { privateRoom: call.room });
    expect(reloaded.statusCode).toBe(200);
    const relay = (token: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/calls/videoCall/${call.id}/relaySettings`,
        headers: { ...demoKey, 'call-token': token },
      });
    expect((await relay(reloaded.json().data.token)).statusCode).toBe(200);
    expect((await relay(firstToken)).statusCode).toBe(404);
    await openDemoCompany(ctx);

    for (const [body, headers] of [
      [{ privateRoom: 'x'.repeat(24) }, demoKey],
      [{ privateRoom: call.room }, other.key],
    ] as const) {
      const refused = await createCall(ctx, body, headers);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({
        error: 'private_room_invalid',
        message: callTexts.privateRoomInvalid,
      });
    }
    const publicRoom = await startCall(ctx);
    expect((await createCall(ctx, { privateRoom: publicRoom.room })).statusCode).toBe(404);
  });

  it('keeps the record of calls with their chat, for the company only', async () => {
    const call = await startCall(ctx);
    await accept(call.id, admin);
    const [attachment] = await ctx.database.db
      .insert(callAttachments)
      .values({
        callId: call.id,
        sender: 'caller',
        storageKey: '2026/01/aaaaaaaaaaaaaaaaaaaaaa.bin',
        name: 'foto.png',
        mime: 'image/png',
        bytes: 72,
      })
      .returning();
    await ctx.database.db.insert(callChatMessages).values([
      { callId: call.id, clientId: 'c-00000001', sender: 'caller', senderName: 'Rosa', message: 'Hola <b>' },
      { callId: call.id, clientId: 'o-00000001', sender: 'operator', senderName: 'Olga', message: 'Buenas' },
      {
        callId: call.id,
        clientId: 'c-00000002',
        sender: 'caller',
        senderName: 'Rosa',
        attachmentId: attachment!.id,
      },
    ]);

    const history = await getAs(ctx, admin, '/api/v1/operator/calls/history');
    expect(history.statusCode).toBe(200);
    const records = history.json().calls;
    expect(records[0]).toMatchObject({
      id: call.id,
      status: 'active',
      chat_messages: 3,
      accepted_at: expect.any(String),
    });
    expect(
      records.every(
        (record: { id: number }, index: number) => index === 0 || record.id < records[index - 1].id,
      ),
    ).toBe(true);
    const theirHistory = await getAs(ctx, other.operator, '/api/v1/operator/calls/history');
    expect(theirHistory.json().calls.map((record: { id: number }) => record.id)).not.toContain(call.id);

    const chat = await getAs(ctx, admin, `/api/v1/operator/calls/${call.id}/chat`);
    expect(chat.statusCode).toBe(200);
    expect(chat.json().messages).toEqual([
      expect.objectContaining({
        user: 1,
        userName: 'Rosa',
        message: 'Hola <b>',
        isFile: false,
        fileData: null,
      }),
      expect.objectContaining({ user: 2, userName: 'Olga', message: 'Buenas', roomName: call.room }),
      expect.objectContaining({
        user: 1,
        isFile: true,
        fileData: { id: attachment!.id, name: 'foto.png', mime: 'image/png', size: 72 },
      }),
    ]);
    const foreign = await getAs(ctx, other.operator, `/api/v1/operator/calls/${call.id}/chat`);
    expect(foreign.statusCode).toBe(404);
  });

  it('documents the call routes in the OpenAPI description', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/calls/videoCall',
        '/api/calls/videoCall/{id}/end',
        '/api/calls/videoCall/{id}/relaySettings',
        '/api/calls/videoCall/{id}/publicAttachment',
        '/api/attachments/{id}',
        '/api/v1/operator/calls/queue',
        '/api/v1/operator/calls/{id}/accept',
        '/api/v1/operator/calls/private',
        '/api/v1/operator/calls/history',
        '/api/v1/operator/calls/{id}/chat',
      ]),
    );
    expect(Object.keys(document.paths)).not.toContain('/api/attachments/{id}/file');
  });
});
