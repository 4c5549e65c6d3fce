import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { protectDataDir } from './private-data-dir';

describe('the data directory is private to the server account', () => {
  const umask = process.umask();
  const made: string[] = [];
  afterEach(() => {
    process.umask(umask);
    for (const directory of made.splice(0)) rmSync(directory, { recursive: true, force: true });
  });
  const modeOf = (entry: string) => statSync(entry).mode & 0o777;

  it('creates it 0700, and what the process writes next is 0600', () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'data-dir-'));
    made.push(parent);
    const dataDir = path.join(parent, 'data');
    protectDataDir(dataDir);
    expect(modeOf(dataDir)).toBe(0o700);
    writeFileSync(path.join(dataDir, 'nuevo'), 'x');
    expect(modeOf(path.join(dataDir, 'nuevo'))).toBe(0o600);
  });

  it('tightens an existing install, files and folders, and says how many', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'data-dir-'));
    made.push(dataDir);
    process.umask(0o022);
    chmodSync(dataDir, 0o755);
    mkdirSync(path.join(dataDir, 'pglite', 'base'), { recursive: true });
    writeFileSync(path.join(dataDir, 'pglite', 'base', 'wal'), 'hashes');
    chmodSync(path.join(dataDir, 'pglite', 'base', 'wal'), 0o666);
    writeFileSync(path.join(dataDir, 'privado'), 'x', { mode: 0o600 });

    expect(protectDataDir(dataDir)).toBe(4);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'pglite'))).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'pglite', 'base', 'wal'))).toBe(0o600);
    expect(modeOf(path.join(dataDir, 'privado'))).toBe(0o600);
    expect(protectDataDir(dataDir)).toBe(0);
  });
});
