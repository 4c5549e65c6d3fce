import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { keepBuildAssets, keptFilesRoot } from './kept-assets';

const day = 24 * 60 * 60 * 1000;

describe('keeping the hashed files of replaced builds', () => {
  const roots: string[] = [];
  afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

  function setUp() {
    const root = mkdtempSync(path.join(tmpdir(), 'kept-assets-'));
    roots.push(root);
    const dist = path.join(root, 'dist');
    const build = (...chunks: string[]) => {
      rmSync(dist, { recursive: true, force: true });
      mkdirSync(path.join(dist, 'assets'), { recursive: true });
      for (const chunk of chunks) writeFileSync(path.join(dist, 'assets', chunk), chunk);
    };
    const keptDir = path.join(root, 'kept');
    const kept = (chunk: string) => existsSync(path.join(keptFilesRoot(keptDir), 'assets', chunk));
    return { dist, build, keptDir, kept };
  }

  it('keeps a replaced file for the days configured, counted from the start that replaced it', async () => {
    const { dist, build, keptDir, kept } = setUp();
    const start = new Date('2026-11-02T10:00:00Z');
    build('a-111.js', 'shared-999.js');
    expect(await keepBuildAssets({ distDir: dist, keptDir, keepDays: 7, now: start })).toEqual({
      current: 2,
      added: 2,
      kept: 0,
      removed: 0,
    });

    build('b-222.js', 'shared-999.js');
    const deploy = new Date(start.getTime() + 30 * day);
    expect(await keepBuildAssets({ distDir: dist, keptDir, keepDays: 7, now: deploy })).toMatchObject({
      added: 1,
      kept: 1,
      removed: 0,
    });
    expect(kept('a-111.js')).toBe(true);

    const sixDaysLater = new Date(deploy.getTime() + 6 * day);
    await keepBuildAssets({ distDir: dist, keptDir, keepDays: 7, now: sixDaysLater });
    expect(kept('a-111.js')).toBe(true);

    const eightDaysLater = new Date(deploy.getTime() + 8 * day);
    expect(await keepBuildAssets({ distDir: dist, keptDir, keepDays: 7, now: eightDaysLater })).toMatchObject(
      {
        removed: 1,
      },
    );
    expect(kept('a-111.js')).toBe(false);
    // A file the current build still has is never removed, however old.
    expect(kept('shared-999.js')).toBe(true);
    expect(kept('b-222.js')).toBe(true);
  });

  it('starts from nothing when the build has no assets yet', async () => {
    const { dist, keptDir } = setUp();
    expect(await keepBuildAssets({ distDir: dist, keptDir, keepDays: 7 })).toEqual({
      current: 0,
      added: 0,
      kept: 0,
      removed: 0,
    });
  });
});
