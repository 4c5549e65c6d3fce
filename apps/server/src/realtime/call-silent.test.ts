import { beforeAll, describe, expect, it } from 'vitest';
import { QUICK_EXIT } from '@seguridad/contracts/constants';
import { errorMessages } from '@seguridad/contracts/messages';
import { DEFAULT_QUICK_QUESTIONS, silentCallTexts } from '@seguridad/contracts/messages/silent-call';
import type { ChatMessage, ChatSendAck, JoinAck } from '@seguridad/contracts/realtime/call';
import { bearer, getAs } from '../testing/accounts';
import {
  callerJoin,
  callRow,
  createCall,
  demoKey,
  insertCall,
  nextEvent,
  nextMessage,
  operatorJoin,
  request,
  startCall,
  useDemoCallCentre,
  waitFor,
} from '../testing/calls';

/** Silent calls, quick questions, real-time text and Salida rápida (decision 060). */
describe('silent calls', () => {
  const { server, ctx, admin } = useDemoCallCentre({ otherSlug: 'silencio' });

  beforeAll(async () => {
    await server.connectConsole(admin.token);
  });

  /** A silent call through the public route, accepted by the demo admin, both sides in the room. */
  async function silentCallInProgress() {
    const call = await startCall(ctx, { silent: true });
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/operator/calls/${call.id}/accept`,
      headers: bearer(admin.token),
    });
    expect(accepted.statusCode).toBe(200);
    const test = { call: await callRow(ctx, call.id), token: call.token };
    const caller = await server.connect();
    expect((await request<JoinAck>(caller, 'join', callerJoin(test))).ok).toBe(true);
    const operatorSocket = await server.connect(admin.token);
    expect((await request<JoinAck>(operatorSocket, 'join', operatorJoin(test))).ok).toBe(true);
    return { test, caller, operatorSocket, room: call.room };
  }

  it('starts a text-only call in the same queue, listed to operators as one', async () => {
    const call = await startCall(ctx, { silent: true });
    expect(call.kind).toBe('text');
    expect(await callRow(ctx, call.id)).toMatchObject({ kind: 'text', status: 'waiting' });
    const queue = await getAs(ctx, admin.token, '/api/v1/operator/calls/queue');
    expect(queue.json().calls).toContainEqual(expect.objectContaining({ id: call.id, kind: 'text' }));
  });

  it('refuses a silent call that is also a phone call or a private room', async () => {
    for (const body of [
      { silent: true, privateRoom: 'a'.repeat(24) },
      { silent: true, voiceToken: `${'a'.repeat(20)}.${'b'.repeat(43)}` },
    ]) {
      const response = await createCall(ctx, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: errorMessages.badRequest });
    }
  });

  it("relays the citizen's draft to the operator as it is typed, and refuses it from the operator", async () => {
    const { caller, operatorSocket, room, test } = await silentCallInProgress();
    const typed = nextMessage(operatorSocket, 'typing');
    caller.emit('message', { id: 'typing', roomName: room, text: 'Estoy en la cocina y él' });
    expect(await typed).toEqual({
      id: 'typing',
      roomName: room,
      text: 'Estoy en la cocina y él',
      from: `caller:${test.call.id}`,
    });

    const refused = nextEvent<{ error: string }>(operatorSocket, 'signal:error');
    operatorSocket.emit('message', { id: 'typing', roomName: room, text: 'hola' });
    expect(await refused).toMatchObject({ error: 'not_allowed' });

    const tooLong = nextEvent<{ error: string }>(caller, 'signal:error');
    caller.emit('message', { id: 'typing', roomName: room, text: 'x'.repeat(2_001) });
    expect(await tooLong).toMatchObject({ error: 'invalid_payload' });
  });

  it('takes quick questions from the operator and one Sí / No answer per question from the citizen', async () => {
    const { caller, operatorSocket, room, test } = await silentCallInProgress();
    const send = (socket: typeof caller, payload: Record<string, unknown>) =>
      request<ChatSendAck>(socket, 'chat:send', {
        roomName: room,
        clientId: `c${Math.random().toString(36).slice(2, 12)}`,
        ...payload,
      });

    const citizenAsks = await send(caller, { message: '¿Me oyes?', quickQuestion: true });
    expect(citizenAsks).toMatchObject({ ok: false, error: 'not_allowed' });

    const seenByCitizen = nextEvent<ChatMessage>(caller, 'chat:message');
    const asked = await send(operatorSocket, { message: '¿Estás en peligro ahora?', quickQuestion: true });
    if (!asked.ok) throw new Error(JSON.stringify(asked));
    expect(asked.message).toMatchObject({ quickQuestion: true, user: 2 });
    expect(await seenByCitizen).toMatchObject({ id: asked.message.id, quickQuestion: true });

    const questionId = asked.message.id;
    expect(await send(caller, { message: 'Quizás', answerTo: questionId })).toMatchObject({
      ok: false,
      error: 'not_allowed',
    });
    expect(await send(operatorSocket, { message: 'Sí', answerTo: questionId })).toMatchObject({
      ok: false,
      error: 'not_allowed',
    });
    expect(await send(caller, { message: 'Sí', answerTo: questionId + 1_000 })).toMatchObject({
      ok: false,
      error: 'not_found',
    });

    const seenByOperator = nextEvent<ChatMessage>(operatorSocket, 'chat:message');
    const answer = await send(caller, { message: silentCallTexts.yes, answerTo: questionId });
    expect(answer).toMatchObject({ ok: true, message: { message: 'Sí', answerTo: questionId, user: 1 } });
    expect(await seenByOperator).toMatchObject({ answerTo: questionId });
    expect(await send(caller, { message: silentCallTexts.no, answerTo: questionId })).toEqual({
      ok: false,
      error: 'already_answered',
      message: silentCallTexts.alreadyAnswered,
    });

    // The question and its answer are part of the call's chat: a re-join gets them back.
    const again = await server.connect();
    const missed: ChatMessage[] = [];
    again.on('chat:message', (message: ChatMessage) => missed.push(message));
    expect((await request<JoinAck>(again, 'join', callerJoin(test))).ok).toBe(true);
    await waitFor(() => missed.length >= 2);
    expect(
      missed.map(({ message, quickQuestion, answerTo }) => ({ message, quickQuestion, answerTo })),
    ).toEqual([
      { message: '¿Estás en peligro ahora?', quickQuestion: true, answerTo: undefined },
      { message: 'Sí', quickQuestion: undefined, answerTo: questionId },
    ]);
  });

  it('refuses to record a silent call: it has no media', async () => {
    const { operatorSocket, room, test } = await silentCallInProgress();
    const refused = nextEvent<{ error: string; message: string }>(operatorSocket, 'signal:error');
    operatorSocket.emit('message', { id: 'startRecording', roomName: room, videoCallID: test.call.id });
    expect(await refused).toEqual({ error: 'not_allowed', message: errorMessages.forbidden });
  });

  it("ends an answered call as quick_exit from the citizen's beacon, and tells the operator", async () => {
    const { operatorSocket, room, test } = await silentCallInProgress();
    const ended = nextEvent<{ roomName: string; reason: string }>(operatorSocket, 'call:ended');
    const beacon = await ctx.app.inject({
      method: 'POST',
      url: `/api/calls/videoCall/${test.call.id}/end`,
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ token: test.token, reason: QUICK_EXIT.endReason }),
    });
    expect(beacon.statusCode).toBe(200);
    expect(await ended).toEqual({ roomName: room, reason: 'quick_exit' });
    expect(await callRow(ctx, test.call.id)).toMatchObject({ status: 'ended', endReason: 'quick_exit' });
    const history = await getAs(ctx, admin.token, '/api/v1/operator/calls/history');
    expect(history.json().calls).toContainEqual(
      expect.objectContaining({ id: test.call.id, end_reason: 'quick_exit', kind: 'text' }),
    );
  });

  it('abandons a waiting call left with Salida rápida, and takes the reason from the citizen only', async () => {
    const waiting = await startCall(ctx, { silent: true });
    const left = await ctx.app.inject({
      method: 'POST',
      url: `/api/calls/videoCall/${waiting.id}/end`,
      payload: { token: waiting.token, reason: 'quick_exit' },
    });
    expect(left.statusCode).toBe(200);
    expect(await callRow(ctx, waiting.id)).toMatchObject({ status: 'abandoned', endReason: 'quick_exit' });

    const active = await insertCall(ctx, { status: 'active', operatorId: admin.userId, kind: 'text' });
    const byOperator = await ctx.app.inject({
      method: 'POST',
      url: `/api/calls/videoCall/${active.call.id}/end`,
      headers: bearer(admin.token),
      payload: { reason: 'quick_exit' },
    });
    expect(byOperator.statusCode).toBe(200);
    expect(await callRow(ctx, active.call.id)).toMatchObject({ status: 'ended', endReason: 'hangup' });
  });

  describe('the company settings behind them', () => {
    const change = (payload: object, token = admin.token) =>
      ctx.app.inject({ method: 'PATCH', url: '/api/v1/operator/company', headers: bearer(token), payload });
    const serviceStatus = () =>
      ctx.app.inject({ method: 'GET', url: '/api/company/serviceStatus', headers: demoKey });

    it('start from the product defaults', async () => {
      const settings = (await getAs(ctx, admin.token, '/api/v1/operator/company')).json().company;
      expect(settings.quick_exit_url).toBe(QUICK_EXIT.defaultUrl);
      expect(settings.quick_questions).toEqual([...DEFAULT_QUICK_QUESTIONS]);
      expect((await serviceStatus()).json().data.quickExitUrl).toBe(QUICK_EXIT.defaultUrl);
    });

    it.each([
      [
        { quick_exit_url: 'http://clima.example.cl/' },
        'Escribe una dirección completa que empiece con https://',
      ],
      [{ quick_exit_url: 'javascript:alert(1)' }, 'Escribe una dirección completa que empiece con https://'],
      [{ quick_exit_url: `https://clima.example.cl/${'a'.repeat(500)}` }, 'Usa 500 caracteres o menos'],
      [{ quick_questions: [] }, 'Deja al menos una pregunta'],
      [{ quick_questions: ['   '] }, 'Escribe la pregunta o quítala de la lista'],
      [
        { quick_questions: Array.from({ length: 13 }, (_, index) => `¿Pregunta ${index}?`) },
        'Usa 12 preguntas o menos',
      ],
      [{ quick_questions: ['x'.repeat(121)] }, 'Usa 120 caracteres o menos'],
    ])('refuses %j in Spanish', async (payload, message) => {
      const response = await change(payload);
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toContain(message);
    });

    it("are an administrator's to change, and the widget reads the new address at once", async () => {
      const questions = ['¿Estás a salvo?', '¿Necesitas una ambulancia?'];
      const saved = await change({ quick_exit_url: 'https://www.emol.com/', quick_questions: questions });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().company).toMatchObject({
        quick_exit_url: 'https://www.emol.com/',
        quick_questions: questions,
      });
      expect((await serviceStatus()).json().data.quickExitUrl).toBe('https://www.emol.com/');

      const reset = await change({ quick_exit_url: null });
      expect(reset.json().company.quick_exit_url).toBe(QUICK_EXIT.defaultUrl);
    });
  });
});
