import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { transform } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepNextTickRecord, keptNextTickRecord } from './next-tick-record';

const run = promisify(execFile);

describe('keepNextTickRecord', () => {
  it("holds one of Node's own process.nextTick records once its tick has run", async () => {
    keepNextTickRecord();
    await new Promise((resolve) => process.nextTick(resolve));
    const record = keptNextTickRecord();
    expect(record).toBeTypeOf('object');
    const symbols = Object.getOwnPropertySymbols(record).map((symbol) => symbol.description);
    expect(symbols).toEqual(['async_id_symbol', 'trigger_async_id_symbol']);
    expect(Object.keys(record!)).toEqual(['callback', 'args']);

    keepNextTickRecord();
    await new Promise((resolve) => process.nextTick(resolve));
    expect(keptNextTickRecord()).toBe(record);
  });

  describe("V8's feedback for the record's literal, after full collections in idle moments", () => {
    let directory: string;
    let moduleUrl: string;

    beforeAll(async () => {
      // The child process runs the module as plain JavaScript, loaded as the entry loads it.
      directory = mkdtempSync(path.join(tmpdir(), 'next-tick-record-'));
      const source = readFileSync(fileURLToPath(new URL('./next-tick-record.ts', import.meta.url)), 'utf8');
      const { code } = await transform(source, { loader: 'ts', format: 'esm' });
      const file = path.join(directory, 'next-tick-record.mjs');
      writeFileSync(file, code);
      moduleUrl = pathToFileURL(file).href;
    });
    afterAll(() => rmSync(directory, { recursive: true, force: true }));

    /**
     * Bursts of ticks with full collections between them, when no record is alive, in a fresh
     * process; then the state of each of the literal's computed-key feedback slots, as V8 prints it.
     */
    async function literalFeedback(keep: boolean): Promise<string[]> {
      const script = `
        ${keep ? `import { keepNextTickRecord } from ${JSON.stringify(moduleUrl)}; keepNextTickRecord();` : ''}
        const burst = () => new Promise((done) => {
          let left = 5000;
          const tick = () => { if (--left === 0) done(); };
          for (let call = 0; call < 5000; call++) process.nextTick(tick);
        });
        for (let round = 0; round < 3; round++) {
          for (let count = 0; count < 10; count++) await burst();
          await new Promise((idle) => setTimeout(idle, 20));
          gc();
          gc();
        }
        for (let count = 0; count < 10; count++) await burst();
        %DebugPrint(process.nextTick);
      `;
      const { stdout } = await run(
        process.execPath,
        ['--expose-gc', '--allow-natives-syntax', '--input-type=module', '-e', script],
        { maxBuffer: 16 * 1024 * 1024 },
      );
      return stdout
        .split('\n')
        .filter((line) => line.includes('DefineKeyedOwnPropertyInLiteral'))
        .map((line) => /(UNINITIALIZED|MONOMORPHIC|POLYMORPHIC|MEGAMORPHIC)/.exec(line)?.[1] ?? line);
    }

    it('stays on one map per key when a record is kept', async () => {
      const states = await literalFeedback(true);
      expect(states.length).toBeGreaterThanOrEqual(2);
      expect(states.every((state) => state === 'MONOMORPHIC')).toBe(true);
    });

    it('turns megamorphic without it (what the kept record prevents)', async () => {
      const states = await literalFeedback(false);
      expect(states).toContain('MEGAMORPHIC');
    });
  });
});
