import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '@seguridad/contracts/messages';
import { SIGNALING_LIMITS, type JoinAck } from '@seguridad/contracts/realtime/call';
import {
  callerJoin,
  callTestServer,
  connectedCall,
  demoOperatorSession,
  insertCall,
  nextEvent,
  nextMessage,
  operatorJoin,
  record,
  request,
  type CallTestServer,
  type TestOperator,
} from '../testing/calls';

describe('keypad digits (dtmf) of a phone call', () => {
  let server: CallTestServer;
  let operator: TestOperator;

  beforeAll(async () => {
    server = await callTestServer();
    operator = await demoOperatorSession(server.ctx);
  });
  afterEach(() => server.closeSockets());
  afterAll(() => server.close());

  async function phoneCall() {
    const test = await insertCall(server.ctx, {
      status: 'active',
      operatorId: operator.userId,
      kind: 'phone',
    });
    const caller = await server.connect();
    expect((await request<JoinAck>(caller, 'join', callerJoin(test))).ok).toBe(true);
    const operatorSocket = await server.connect(operator.token);
    expect((await request<JoinAck>(operatorSocket, 'join', operatorJoin(test))).ok).toBe(true);
    return { test, caller, operatorSocket };
  }

  it("relays the caller's digits to the operator, stamped by the server", async () => {
    const { test, caller, operatorSocket } = await phoneCall();
    const digits = nextMessage(operatorSocket, 'dtmf');
    caller.emit('message', { id: 'dtmf', roomName: test.call.room, digits: '12#*0', from: 'operator:1' });
    expect(await digits).toEqual({
      id: 'dtmf',
      roomName: test.call.room,
      digits: '12#*0',
      from: `caller:${test.call.id}`,
    });
  });

  it('refuses digits outside 0-9 * #, too many at once, or none', async () => {
    const { test, caller, operatorSocket } = await phoneCall();
    const received = record<{ id: string }>(operatorSocket, 'message');
    for (const digits of ['12a', '<b>1</b>', '1'.repeat(17), '', '１２']) {
      const refused = nextEvent<{ error: string; message: string }>(caller, 'signal:error');
      caller.emit('message', { id: 'dtmf', roomName: test.call.room, digits });
      expect(await refused).toEqual({ error: 'invalid_payload', message: errorMessages.badRequest });
    }
    const marker = nextMessage(operatorSocket, 'dtmf');
    caller.emit('message', { id: 'dtmf', roomName: test.call.room, digits: '5' });
    expect(await marker).toMatchObject({ digits: '5' });
    expect(received.filter((message) => message.id === 'dtmf')).toHaveLength(1);
  });

  it('refuses digits from the operator, and in a video call', async () => {
    const phone = await phoneCall();
    const operatorRefused = nextEvent<{ error: string }>(phone.operatorSocket, 'signal:error');
    phone.operatorSocket.emit('message', { id: 'dtmf', roomName: phone.test.call.room, digits: '1' });
    expect(await operatorRefused).toMatchObject({ error: 'not_allowed' });

    const video = await connectedCall(server, operator);
    const toOperator = record<{ id: string }>(video.operatorSocket, 'message');
    const videoRefused = nextEvent<{ error: string; message: string }>(video.caller, 'signal:error');
    video.caller.emit('message', { id: 'dtmf', roomName: video.test.call.room, digits: '1' });
    expect(await videoRefused).toEqual({ error: 'not_allowed', message: errorMessages.forbidden });
    const marker = nextMessage(video.operatorSocket, 'onUserVideoReady');
    video.caller.emit('message', { id: 'onVideoReady', roomName: video.test.call.room });
    await marker;
    expect(toOperator.map((message) => message.id)).not.toContain('dtmf');
  });

  it('limits how fast one caller sends digits', async () => {
    const { test, caller, operatorSocket } = await phoneCall();
    const relayed = record<{ id: string }>(operatorSocket, 'message');
    const errors = record<{ error: string }>(caller, 'signal:error');
    const sent = SIGNALING_LIMITS.dtmfBurst + 10;
    for (let index = 0; index < sent; index += 1) {
      caller.emit('message', { id: 'dtmf', roomName: test.call.room, digits: String(index % 10) });
    }
    // Both sockets get their marker after everything sent before it.
    const markers = [nextMessage(operatorSocket, 'onUserVideoReady'), nextMessage(caller, 'onVideoReady')];
    caller.emit('message', { id: 'onVideoReady', roomName: test.call.room });
    await Promise.all(markers);
    const relayedDigits = relayed.filter((message) => message.id === 'dtmf').length;
    expect(relayedDigits).toBeGreaterThanOrEqual(SIGNALING_LIMITS.dtmfBurst);
    expect(relayedDigits).toBeLessThan(sent);
    expect(errors.filter((error) => error.error === 'rate_limited').length).toBe(sent - relayedDigits);
  });
});
