import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3StandIn, type S3StandIn } from '../../testing/s3-stand-in';
import { FileTooLargeError, StoredFileMissingError, type FileStorage } from './file-storage';
import { createLocalFileStorage } from './local-file-storage';
import { createS3FileStorage } from './s3-file-storage';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `total` bytes of a repeatable pattern, made as they are read (never whole in memory). */
function patterned(total: number, chunkBytes = 64 * 1024): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return void this.push(null);
      const size = Math.min(chunkBytes, total - sent);
      const chunk = Buffer.alloc(size);
      for (let i = 0; i < size; i++) chunk[i] = (sent + i) % 251;
      sent += size;
      this.push(chunk);
    },
  });
}

async function sha256(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function keysOf(storage: FileStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list()) keys.push(object.key);
  return keys;
}

// The same contract on both engines: the local folder, and a bucket of a local S3-compatible
// server reached with the real AWS SDK client.
describe.each(['local', 's3'] as const)('file storage on %s', (engine) => {
  let storage: FileStorage;
  let stalling: FileStorage;
  let root: string;
  let s3: S3StandIn | undefined;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'seguridad-storage-'));
    if (engine === 'local') {
      storage = createLocalFileStorage(root, { maxWriteMs: 30_000 });
      stalling = createLocalFileStorage(root, { maxWriteMs: 300 });
      return;
    }
    s3 = await startS3StandIn();
    const config = {
      engine: 's3' as const,
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    };
    storage = createS3FileStorage(config, { maxWriteMs: 30_000 });
    stalling = createS3FileStorage(config, { maxWriteMs: 300 });
  });

  afterAll(async () => {
    await s3?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('writes a stream under a new key, and reads it whole, by range and by size', async () => {
    const { key, bytes } = await storage.write(Readable.from([Buffer.from('hola '), Buffer.from('mundo')]), {
      extension: 'txt',
      maxBytes: 100,
    });
    expect(key).toMatch(/^\d{4}\/\d{2}\/[A-Za-z0-9_-]{22}\.txt$/);
    expect(bytes).toBe(10);
    expect(await storage.size(key)).toBe(10);
    expect((await readAll(await storage.read(key))).toString()).toBe('hola mundo');
    expect((await readAll(await storage.read(key, { start: 5, end: 9 }))).toString()).toBe('mundo');
    expect((await readAll(await storage.read(key, { start: 1, end: 1 }))).toString()).toBe('o');
  });

  it('streams a file larger than one multipart part, byte for byte', async () => {
    const total = 12 * 1024 * 1024 + 17;
    const { key, bytes } = await storage.write(patterned(total), { extension: 'webm', maxBytes: total });
    expect(bytes).toBe(total);
    expect(await storage.size(key)).toBe(total);
    expect(await sha256(await storage.read(key))).toBe(await sha256(patterned(total)));
    const tail = await readAll(await storage.read(key, { start: total - 3, end: total - 1 }));
    expect([...tail]).toEqual([0, 1, 2].map((i) => (total - 3 + i) % 251));
  });

  it('refuses a stream past its limit and keeps nothing of it', async () => {
    const before = await keysOf(storage);
    await expect(
      storage.write(patterned(6 * 1024 * 1024), { extension: 'webm', maxBytes: 1024 }),
    ).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await keysOf(storage)).toEqual(before);
  });

  it('keeps nothing of a stream that fails half way', async () => {
    const before = await keysOf(storage);
    const failing = new PassThrough();
    failing.write(Buffer.alloc(1000));
    setTimeout(() => failing.destroy(new Error('client went away')), 20);
    await expect(storage.write(failing, { extension: 'webm', maxBytes: 1_000_000 })).rejects.toThrow();
    expect(await keysOf(storage)).toEqual(before);
  });

  it('cuts off a stalled write and keeps nothing of it', async () => {
    const before = await keysOf(storage);
    const stalled = new PassThrough();
    stalled.write(Buffer.alloc(1024));
    const started = Date.now();
    await expect(stalling.write(stalled, { extension: 'webm', maxBytes: 1_000_000 })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await keysOf(storage)).toEqual(before);
  });

  it('replaces an object with put, and removes it (twice is no error)', async () => {
    const key = storage.newKey('bin');
    expect(await storage.size(key)).toBeUndefined();
    expect(await storage.put(key, Readable.from([Buffer.from('first')]), { maxBytes: 10 })).toBe(5);
    expect(await storage.put(key, Readable.from([Buffer.from('second')]), { maxBytes: 10 })).toBe(6);
    expect((await readAll(await storage.read(key))).toString()).toBe('second');
    await storage.remove(key);
    await storage.remove(key);
    expect(await storage.size(key)).toBeUndefined();
    await expect(storage.read(key)).rejects.toBeInstanceOf(StoredFileMissingError);
  });

  it('keeps pieces apart, reads them back in index order, and removes them with their key', async () => {
    const key = storage.newKey('webm');
    await storage.putPiece(key, 10, Readable.from([Buffer.from('C')]), { maxBytes: 10 });
    await storage.putPiece(key, 2, Readable.from([Buffer.from('BB')]), { maxBytes: 10 });
    await storage.putPiece(key, 0, Readable.from([Buffer.from('AA')]), { maxBytes: 10 });
    await storage.putPiece(key, 2, Readable.from([Buffer.from('bb')]), { maxBytes: 10 });
    await expect(
      storage.putPiece(key, 3, Readable.from([Buffer.from('too long')]), { maxBytes: 2 }),
    ).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await storage.pieces(key)).toEqual([
      { index: 0, bytes: 2 },
      { index: 2, bytes: 2 },
      { index: 10, bytes: 1 },
    ]);
    expect((await readAll(await storage.readPieces(key))).toString()).toBe('AAbbC');
    expect(await keysOf(storage)).not.toContain(key);
    await storage.removePieces(key);
    expect(await storage.pieces(key)).toEqual([]);
    expect((await readAll(await storage.readPieces(key))).length).toBe(0);

    await storage.putPiece(key, 0, Readable.from([Buffer.from('x')]), { maxBytes: 10 });
    await storage.remove(key);
    expect(await storage.pieces(key)).toEqual([]);
  });

  it('lists every object with its size', async () => {
    const { key } = await storage.write(Readable.from([Buffer.from('listed')]), {
      extension: 'txt',
      maxBytes: 10,
    });
    const listed: { key: string; bytes: number }[] = [];
    for await (const object of storage.list()) listed.push(object);
    expect(listed).toContainEqual({ key, bytes: 6 });
  });

  it('never takes a name it did not make', async () => {
    await expect(storage.read('../../etc/passwd')).rejects.toThrow(/invalid storage key/);
    await expect(storage.remove('2026/01/short.webm')).rejects.toThrow(/invalid storage key/);
  });
});
