import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '@seguridad/contracts/messages';
import {
  callTestServer,
  connectedCall,
  demoOperatorSession,
  nextEvent,
  nextMessage,
  record,
  type CallTestServer,
  type TestOperator,
} from '../testing/calls';

describe('screen share signaling', () => {
  let server: CallTestServer;
  let operator: TestOperator;

  beforeAll(async () => {
    server = await callTestServer();
    operator = await demoOperatorSession(server.ctx);
  });
  afterEach(() => server.closeSockets());
  afterAll(() => server.close());

  it("relays the operator's screen announcements and the caller's first frame, stamped by the server", async () => {
    const { test, caller, operatorSocket } = await connectedCall(server, operator);
    const room = test.call.room;
    const started = nextMessage(caller, 'screenShareStarted');
    operatorSocket.emit('message', { id: 'screenShareStarted', roomName: room, streamId: '{a1b2-c3}' });
    expect(await started).toEqual({
      id: 'screenShareStarted',
      roomName: room,
      streamId: '{a1b2-c3}',
      from: `operator:${operator.userId}`,
    });

    const seen = nextMessage(operatorSocket, 'onStreamerVideoReady');
    caller.emit('message', { id: 'onStreamerVideoReady', roomName: room, videoID: '{a1b2-c3}' });
    expect(await seen).toEqual({
      id: 'onStreamerVideoReady',
      roomName: room,
      videoID: '{a1b2-c3}',
      from: `caller:${test.call.id}`,
    });

    const stopped = nextMessage(caller, 'screenShareStopped');
    operatorSocket.emit('message', { id: 'screenShareStopped', roomName: room });
    expect(await stopped).toMatchObject({ id: 'screenShareStopped', from: `operator:${operator.userId}` });
  });

  it('refuses a caller announcing a screen and an operator reporting one, relaying neither', async () => {
    const { test, caller, operatorSocket } = await connectedCall(server, operator);
    const room = test.call.room;
    const toOperator = record<{ id: string }>(operatorSocket, 'message');
    const toCaller = record<{ id: string }>(caller, 'message');

    const callerRefused = nextEvent<{ error: string; message: string }>(caller, 'signal:error');
    caller.emit('message', { id: 'screenShareStarted', roomName: room, streamId: 'fake-screen' });
    expect(await callerRefused).toEqual({ error: 'not_allowed', message: errorMessages.forbidden });

    const operatorRefused = nextEvent<{ error: string }>(operatorSocket, 'signal:error');
    operatorSocket.emit('message', { id: 'onStreamerVideoReady', roomName: room, videoID: 'x' });
    expect(await operatorRefused).toMatchObject({ error: 'not_allowed' });

    // A stream id that is not one (markup, too long) does not parse.
    const invalid = nextEvent<{ error: string }>(operatorSocket, 'signal:error');
    operatorSocket.emit('message', { id: 'screenShareStarted', roomName: room, streamId: '<img src=x>' });
    expect(await invalid).toMatchObject({ error: 'invalid_payload' });

    // Something the peer does receive, to know that nothing refused arrived before it.
    const marker = nextMessage(caller, 'screenShareStopped');
    operatorSocket.emit('message', { id: 'screenShareStopped', roomName: room });
    await marker;
    expect(toCaller.map((message) => message.id)).not.toContain('screenShareStarted');
    expect(toCaller.map((message) => message.id)).toContain('screenShareStopped');
    expect(toOperator.map((message) => message.id)).not.toContain('screenShareStarted');
    expect(toCaller.map((message) => message.id)).not.toContain('onStreamerVideoReady');
  });
});
