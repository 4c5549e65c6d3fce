import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app';
import { sweepOrphanParts } from './local-file-storage';

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
