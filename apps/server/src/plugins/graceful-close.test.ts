import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../testing/test-app';
import { closeWithin } from './graceful-close';
import { openRawVideoMailUpload } from '../testing/widget';

/** Opens a connection and sends the head of an upload that never finishes. */
async function stalledUpload(port: number): Promise<{ socket: Socket; ended: Promise<string> }> {
  const socket = await openRawVideoMailUpload(port);
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  const ended = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  socket.write(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
  return { socket, ended };
}

async function listening(ctx: TestContext): Promise<number> {
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const address = ctx.app.server.address();
  if (!address || typeof address !== 'object') throw new Error('not listening');
  return address.port;
}

describe('bounded requests and shutdown', () => {
  let ctx: TestContext | undefined;
  afterEach(async () => {
    await ctx?.close().catch(() => undefined);
    ctx = undefined;
  });

  it('cuts off a stalled upload once the request time is up', async () => {
    ctx = await createTestApp({ env: { REQUEST_TIMEOUT_MS: '1000' } });
    const port = await listening(ctx);
    const started = Date.now();
    const { ended } = await stalledUpload(port);
    const answer = await ended;
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('does not wait for a stalled request beyond the grace period when closing', async () => {
    ctx = await createTestApp();
    const port = await listening(ctx);
    const { socket, ended } = await stalledUpload(port);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    await closeWithin(ctx.app, 300);
    expect(Date.now() - started).toBeLessThan(2_000);
    await ended;
    expect(socket.destroyed).toBe(true);
  });
});
