import { mkdtempSync, rmSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3StandIn, type S3StandIn } from '../../testing/s3-stand-in';
import type { FileStorage } from './file-storage';
import { createLocalFileStorage } from './local-file-storage';
import { createS3FileStorage } from './s3-file-storage';
import { migrateStorage } from './storage-migration';

async function text(storage: FileStorage, key: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

describe('moving local files into the bucket', () => {
  let root: string;
  let s3: S3StandIn;
  let local: FileStorage;
  let bucket: FileStorage;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'seguridad-migration-'));
    s3 = await startS3StandIn();
    local = createLocalFileStorage(root, { maxWriteMs: 30_000 });
    bucket = createS3FileStorage(
      {
        engine: 's3',
        bucket: s3.bucket,
        region: 'us-east-1',
        endpoint: s3.endpoint,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        forcePathStyle: true,
      },
      { maxWriteMs: 30_000 },
    );
  });
  afterAll(async () => {
    await s3.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('copies every file under its key, verifies it, and on a second run copies nothing again', async () => {
    const keys: string[] = [];
    for (const content of ['uno', 'dos', 'tres', 'cuatro']) {
      keys.push(
        (await local.write(Readable.from([Buffer.from(content)]), { extension: 'txt', maxBytes: 10 })).key,
      );
    }
    // Pieces of an upload still in progress are not files to move.
    await local.putPiece(keys[0]!, 0, Readable.from([Buffer.from('piece')]), { maxBytes: 10 });

    // Interrupted after the second file: what was copied stays, the rest waits.
    const stop = new AbortController();
    let seen = 0;
    const first = await migrateStorage(local, bucket, {
      signal: stop.signal,
      onObject: () => {
        if (++seen === 2) stop.abort();
      },
    });
    expect(first.stopped).toBe(true);
    expect(first.copied).toHaveLength(2);
    expect(first.failed).toEqual([]);

    const second = await migrateStorage(local, bucket);
    expect(second).toMatchObject({ stopped: false, alreadyThere: 2, failed: [] });
    expect(second.copied).toHaveLength(2);
    for (const [index, content] of ['uno', 'dos', 'tres', 'cuatro'].entries()) {
      expect(await text(bucket, keys[index]!)).toBe(content);
      // The local files are left as they were, for the operator to remove once the bucket serves.
      expect(await text(local, keys[index]!)).toBe(content);
    }
    expect(await bucket.pieces(keys[0]!)).toEqual([]);

    const third = await migrateStorage(local, bucket);
    expect(third).toMatchObject({ copied: [], alreadyThere: 4, failed: [], stopped: false });
  });

  it('copies again a file the bucket holds with other bytes', async () => {
    const { key } = await local.write(Readable.from([Buffer.from('original')]), {
      extension: 'txt',
      maxBytes: 20,
    });
    await bucket.put(key, Readable.from([Buffer.from('corrupto')]), { maxBytes: 20 });
    const report = await migrateStorage(local, bucket);
    expect(report.copied).toContainEqual({ key, bytes: 8 });
    expect(await text(bucket, key)).toBe('original');
  });

  it('reports a file it cannot copy whole, and keeps no partial copy of it', async () => {
    const { key } = await local.write(Readable.from([Buffer.from('se achica')]), {
      extension: 'txt',
      maxBytes: 20,
    });
    const shrinking: FileStorage = {
      ...local,
      // The file changes between listing and reading (it was being rewritten).
      async read(readKey, range) {
        if (readKey === key) truncateSync(path.join(root, key), 3);
        return local.read(readKey, range);
      },
    };
    const report = await migrateStorage(shrinking, bucket);
    expect(report.failed).toEqual([{ key, reason: expect.stringContaining('did not verify') }]);
    expect(await bucket.size(key)).toBeUndefined();
  });
});
