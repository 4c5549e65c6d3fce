import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { closeWithin } from '../../plugins/graceful-close';
import { waitFor } from '../../testing/calls';
import { createTestApp, type TestContext } from '../../testing/test-app';
import { openRawVideoMailUpload } from '../../testing/widget';

/** Sends the head of a video mail and a first stretch of its file, then stops sending. */
async function halfSentUpload(port: number): Promise<Socket> {
  const socket = await openRawVideoMailUpload(port);
  socket.on('error', () => undefined);
  socket.write(Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(256 * 1024, 1)]));
  return socket;
}

/** Every unfinished upload file under the data folder. */
function partFiles(dataDir: string): string[] {
  try {
    return readdirSync(dataDir, { recursive: true, encoding: 'utf8' }).filter((name) =>
      name.endsWith('.part'),
    );
  } catch {
    return [];
  }
}

describe('an upload cut off leaves no partial file', () => {
  let ctx: TestContext | undefined;
  let dataDir: string;
  afterEach(async () => {
    await ctx?.close().catch(() => undefined);
    ctx = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function startServer(): Promise<number> {
    dataDir = mkdtempSync(path.join(tmpdir(), 'upload-abort-'));
    // A long request time: only what this change does may remove the partial file.
    ctx = await createTestApp({ env: { DATA_DIR: dataDir, REQUEST_TIMEOUT_MS: '600000' } });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const address = ctx.app.server.address();
    if (!address || typeof address !== 'object') throw new Error('not listening');
    return address.port;
  }

  it('removes the partial file when the client goes away mid-upload', async () => {
    const port = await startServer();
    const socket = await halfSentUpload(port);
    await waitFor(() => partFiles(dataDir).length === 1);
    socket.destroy();
    await waitFor(() => partFiles(dataDir).length === 0, 3_000);
  });

  it('removes the partial file when the server closes mid-upload', async () => {
    const port = await startServer();
    await halfSentUpload(port);
    await waitFor(() => partFiles(dataDir).length === 1);
    await closeWithin(ctx!.app, 300);
    expect(partFiles(dataDir)).toEqual([]);
  });
});
