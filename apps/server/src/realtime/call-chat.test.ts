import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatSendAck, JoinAck } from '@seguridad/contracts/realtime/call';
import { callAttachments, callChatMessages, videoCalls } from '../db/schema';
import {
  callerJoin,
  callTestServer,
  connectedCall,
  demoOperatorSession,
  insertCall,
  nextEvent,
  pause,
  record,
  request,
  waitFor,
  type CallTestServer,
  type TestCall,
  type TestOperator,
} from '../testing/calls';
import type { TestContext } from '../testing/test-app';

describe('call chat', () => {
  let server: CallTestServer;
  let ctx: TestContext;
  let operator: TestOperator;

  async function attachmentOf(test: TestCall, name = 'foto.png') {
    const [row] = await ctx.database.db
      .insert(callAttachments)
      .values({
        callId: test.call.id,
        sender: 'caller',
        storageKey: `calls/${name}`,
        name,
        mime: 'image/png',
        bytes: 2048,
      })
      .returning();
    return row!;
  }

  beforeAll(async () => {
    server = await callTestServer();
    ctx = server.ctx;
    operator = await demoOperatorSession(ctx);
  });
  afterEach(() => server.closeSockets());
  afterAll(() => server.close());

  it('stores a message and sends it to both participants, as typed', async () => {
    const { test, caller, operatorSocket } = await connectedCall(server, operator, { userName: 'Rosa' });
    const atOperator = nextEvent<ChatMessage>(operatorSocket, 'chat:message');
    const atCaller = nextEvent<ChatMessage>(caller, 'chat:message');
    const text = '<img src=x onerror=alert(1)> ¿me escuchan?';
    const ack = await request<ChatSendAck>(caller, 'chat:send', {
      roomName: test.call.room,
      clientId: 'mensaje-0001',
      message: `  ${text}  `,
    });
    expect(ack).toEqual({
      ok: true,
      message: {
        id: expect.any(Number),
        roomName: test.call.room,
        clientId: 'mensaje-0001',
        user: 1,
        userName: 'Rosa',
        message: text,
        isFile: false,
        fileData: null,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    });
    expect(await atOperator).toEqual(ack.ok && ack.message);
    expect(await atCaller).toEqual(ack.ok && ack.message);

    const reply = await request<ChatSendAck>(operatorSocket, 'chat:send', {
      roomName: test.call.room,
      clientId: 'respuesta-01',
      message: 'Sí, la escuchamos.',
    });
    expect(reply.ok && reply.message).toMatchObject({ user: 2, userName: 'Olga Operadora' });
    const [stored] = await ctx.database.db
      .select()
      .from(callChatMessages)
      .where(eq(callChatMessages.clientId, 'respuesta-01'));
    expect(stored).toMatchObject({ sender: 'operator', senderUserId: operator.userId, callId: test.call.id });
  });

  it('stores a re-sent message once and does not broadcast it twice', async () => {
    const test = await insertCall(ctx);
    const caller = await server.connect();
    await request(caller, 'join', callerJoin(test));
    const broadcasts = record<ChatMessage>(caller, 'chat:message');
    const payload = { roomName: test.call.room, clientId: 'reenviado-1', message: 'Hola' };
    const first = await request<ChatSendAck>(caller, 'chat:send', payload);
    const again = await request<ChatSendAck>(caller, 'chat:send', { ...payload, message: 'Otro texto' });
    expect(again).toEqual(first);
    await pause(100);
    expect(broadcasts).toHaveLength(1);
    const rows = await ctx.database.db
      .select()
      .from(callChatMessages)
      .where(eq(callChatMessages.callId, test.call.id));
    expect(rows).toHaveLength(1);
  });

  it('replays, on a rejoin, only the messages after lastChatId, in order, to that socket only', async () => {
    const { test, caller, operatorSocket } = await connectedCall(server, operator, { userName: 'Rosa' });
    const sent: ChatMessage[] = [];
    for (const [index, socket] of [caller, operatorSocket, caller, operatorSocket].entries()) {
      const ack = await request<ChatSendAck>(socket, 'chat:send', {
        roomName: test.call.room,
        clientId: `orden-${index}-xyz`,
        message: `mensaje ${index}`,
      });
      if (!ack.ok) throw new Error(ack.message);
      sent.push(ack.message);
    }

    const operatorAfter = record<ChatMessage>(operatorSocket, 'chat:message');
    caller.close();
    const reconnected = await server.connect();
    const replayed = record<ChatMessage>(reconnected, 'chat:message');
    const ack = await request<JoinAck>(reconnected, 'join', callerJoin(test, { lastChatId: sent[1]!.id }));
    expect(ack.ok).toBe(true);
    await waitFor(() => replayed.length >= 2);
    await pause(100);
    expect(replayed).toEqual([sent[2], sent[3]]);
    expect(operatorAfter).toEqual([]);
  });

  it('sends a file of the same call, and refuses one of another call', async () => {
    const test = await insertCall(ctx);
    const other = await insertCall(ctx);
    const caller = await server.connect();
    await request(caller, 'join', callerJoin(test));
    const own = await attachmentOf(test, 'denuncia.pdf');
    const foreign = await attachmentOf(other, 'ajeno.png');

    const withFile = await request<ChatSendAck>(caller, 'chat:send', {
      roomName: test.call.room,
      clientId: 'archivo-0001',
      attachmentId: own.id,
    });
    expect(withFile.ok && withFile.message).toMatchObject({
      message: '',
      isFile: true,
      fileData: { id: own.id, name: 'denuncia.pdf', mime: 'image/png', size: 2048 },
    });
    expect(
      await request<ChatSendAck>(caller, 'chat:send', {
        roomName: test.call.room,
        clientId: 'archivo-0002',
        attachmentId: foreign.id,
      }),
    ).toMatchObject({ ok: false, error: 'attachment_not_found' });
    expect(
      await request<ChatSendAck>(caller, 'chat:send', {
        roomName: test.call.room,
        clientId: 'vacio-00001',
        message: '   ',
      }),
    ).toMatchObject({ ok: false, error: 'invalid_payload' });
  });

  it('refuses messages to a room the socket is not in, and after the call ended', async () => {
    const test = await insertCall(ctx);
    const stranger = await server.connect();
    expect(
      await request(stranger, 'chat:send', {
        roomName: test.call.room,
        clientId: 'intruso-001',
        message: 'hola',
      }),
    ).toMatchObject({ ok: false, error: 'not_in_room' });

    const caller = await server.connect();
    await request(caller, 'join', callerJoin(test));
    await request(caller, 'leave', { roomName: test.call.room });
    expect(
      await request(caller, 'chat:send', {
        roomName: test.call.room,
        clientId: 'tarde-00001',
        message: 'hola',
      }),
    ).toMatchObject({ ok: false, error: 'not_in_room' });
    const rows = await ctx.database.db
      .select()
      .from(callChatMessages)
      .where(eq(callChatMessages.callId, test.call.id));
    expect(rows).toEqual([]);
  });

  it('checks the call is still open in the database, not only the room', async () => {
    const test = await insertCall(ctx);
    const caller = await server.connect();
    await request(caller, 'join', callerJoin(test));
    await ctx.database.db
      .update(videoCalls)
      .set({ status: 'abandoned' })
      .where(eq(videoCalls.id, test.call.id));
    expect(
      await request(caller, 'chat:send', {
        roomName: test.call.room,
        clientId: 'cerrada-001',
        message: 'hola',
      }),
    ).toMatchObject({ ok: false, error: 'call_ended' });
  });
});
