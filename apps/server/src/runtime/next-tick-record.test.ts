import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleForChildNode, runInChildNode } from '../testing/child-node';
import { keepNextTickRecord, keptNextTickRecord } from './next-tick-record';

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
    let childModule: Awaited<ReturnType<typeof moduleForChildNode>>;

    beforeAll(async () => {
      childModule = await moduleForChildNode(new URL('./next-tick-record.ts', import.meta.url));
    });
    afterAll(() => childModule.remove());

    /**
     * Bursts of ticks with full collections between them, when no record is alive, in a fresh
     * process; then the state of each of the literal's computed-key feedback slots, as V8 prints it.
     */
    async function literalFeedback(keep: boolean): Promise<string[]> {
      const script = `
        ${keep ? `import { keepNextTickRecord } from ${JSON.stringify(childModule.url)}; keepNextTickRecord();` : ''}
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
      const stdout = await runInChildNode(['--expose-gc', '--allow-natives-syntax'], script);
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
