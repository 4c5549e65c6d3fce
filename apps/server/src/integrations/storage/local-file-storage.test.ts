import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app';
import { createLocalFileStorage, sweepOrphanParts } from './local-file-storage';

describe('local file storage', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'seguridad-storage-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function file(relative: string, ageMs: number) {
    const full = path.join(root, relative);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, 'x');
    const time = new Date(Date.now() - ageMs);
    utimesSync(full, time, time);
    return full;
  }

  it('sweeps old .part files and keeps young ones and finished files', async () => {
    const orphan = file('2026/01/aaaaaaaaaaaaaaaaaaaaaa.webm.part', 10 * 60_000);
    const inProgress = file('2026/11/bbbbbbbbbbbbbbbbbbbbbb.webm.part', 1_000);
    const finished = file('2026/01/cccccccccccccccccccccc.webm', 10 * 60_000);
    expect(await sweepOrphanParts(root, 120_000)).toEqual([orphan]);
    expect(existsSync(orphan)).toBe(false);
    expect(existsSync(inProgress)).toBe(true);
    expect(existsSync(finished)).toBe(true);
    expect(await sweepOrphanParts(path.join(root, 'missing'), 1)).toEqual([]);
  });

  it('cuts off a stalled write and leaves no .part behind', async () => {
    const storage = createLocalFileStorage(root, { maxWriteMs: 200 });
    const stalled = new PassThrough();
    stalled.write(Buffer.alloc(1024));
    const started = Date.now();
    await expect(storage.write(stalled, { extension: 'webm', maxBytes: 1_000_000 })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(2_000);
    const left = readdirSync(root, { recursive: true }).map(String);
    expect(left.filter((name) => name.endsWith('.part'))).toEqual([]);
  });

  it('still writes a file that arrives in time', async () => {
    const storage = createLocalFileStorage(root, { maxWriteMs: 5_000 });
    const { bytes } = await storage.write(Readable.from([Buffer.alloc(10)]), {
      extension: 'webm',
      maxBytes: 100,
    });
    expect(bytes).toBe(10);
  });

  it('removes orphan .part files when the server starts', async () => {
    const orphan = file('uploads/2026/01/dddddddddddddddddddddd.webm.part', 10 * 60_000);
    const ctx = await createTestApp({ env: { DATA_DIR: root } });
    try {
      expect(existsSync(orphan)).toBe(false);
    } finally {
      await ctx.close();
    }
  });
});
