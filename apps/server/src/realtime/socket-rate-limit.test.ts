import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '@seguridad/contracts/messages';
import { SIGNALING_LIMITS } from '@seguridad/contracts/realtime/call';
import {
  callTestServer,
  connectedCall,
  demoOperatorSession,
  nextEvent,
  nextMessage,
  record,
  request,
  SDP,
  waitFor,
  type CallTestServer,
  type TestOperator,
} from '../testing/calls';
import { MAX_FRAME_BYTES } from './realtime-plugin';
import { createTokenBucket } from './socket-rate-limit';

describe('token bucket', () => {
  it('allows a burst, then the refill rate', () => {
    let now = 0;
    const bucket = createTokenBucket({ burst: 3, perSecond: 2 }, () => now);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
    now = 499;
    expect(bucket.take()).toBe(false);
    now = 500;
    expect(bucket.take()).toBe(true);
    now = 60_000;
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
  });
});

describe('abuse of the call sockets', () => {
  let server: CallTestServer;
  let operator: TestOperator;

  /** The other room keeps relaying both ways. */
  async function expectRelayWorks(call: Awaited<ReturnType<typeof connectedCall>>) {
    const offer = nextMessage(call.caller, 'start');
    call.operatorSocket.emit('message', { id: 'start', roomName: call.test.call.room, sdpOffer: SDP });
    await offer;
    const answer = nextMessage(call.operatorSocket, 'startResponse');
    call.caller.emit('message', { id: 'startResponse', roomName: call.test.call.room, sdpAnswer: SDP });
    await answer;
  }

  beforeAll(async () => {
    server = await callTestServer();
    operator = await demoOperatorSession(server.ctx);
  });
  afterEach(() => server.closeSockets());
  afterAll(() => server.close());

  it('refuses a flood past the burst while another room keeps working', async () => {
    const flooded = await connectedCall(server, operator);
    const other = await connectedCall(server, operator);
    const errors = record<{ error: string; message: string }>(flooded.caller, 'signal:error');
    const candidate = { candidate: 'candidate:1 1 udp 1 10.0.0.1 9 typ host' };
    for (let index = 0; index < SIGNALING_LIMITS.burst + 30; index += 1) {
      flooded.caller.emit('message', {
        id: 'onIceCandidateRemote',
        roomName: flooded.test.call.room,
        candidate,
      });
    }
    const refusedAck = await request(flooded.caller, 'chat:send', {
      roomName: flooded.test.call.room,
      clientId: 'inundado-01',
      message: 'hola',
    });
    expect(refusedAck).toEqual({ ok: false, error: 'rate_limited', message: errorMessages.tooManyRequests });
    await waitFor(() => errors.length >= 20);
    expect(errors[0]).toEqual({ error: 'rate_limited', message: errorMessages.tooManyRequests });
    expect(flooded.caller.connected).toBe(true);

    await expectRelayWorks(other);
  });

  it('disconnects a socket that keeps flooding', async () => {
    const flooded = await connectedCall(server, operator);
    const other = await connectedCall(server, operator);
    const disconnected = nextEvent<string>(flooded.caller, 'disconnect');
    const payload = { id: 'onVideoReady', roomName: flooded.test.call.room };
    const total = SIGNALING_LIMITS.burst + SIGNALING_LIMITS.disconnectAfterRefused + 200;
    for (let index = 0; index < total; index += 1) flooded.caller.emit('message', payload);
    expect(await disconnected).toBe('io server disconnect');
    await expectRelayWorks(other);
  });

  it(`closes a connection that sends a frame over ${MAX_FRAME_BYTES / 1024} KB, and only that one`, async () => {
    const big = await connectedCall(server, operator);
    const other = await connectedCall(server, operator);
    const disconnected = nextEvent<string>(big.caller, 'disconnect');
    big.caller.emit('message', {
      id: 'start',
      roomName: big.test.call.room,
      sdpOffer: 'a'.repeat(MAX_FRAME_BYTES + 1024),
    });
    expect(await disconnected).toMatch(/transport (close|error)/);
    expect(big.operatorSocket.connected).toBe(true);
    await expectRelayWorks(other);
  });
});
