import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleForChildNode, runInChildNode } from '../testing/child-node';

describe('turnOffAllocationSitePretenuring', () => {
  let childModule: Awaited<ReturnType<typeof moduleForChildNode>>;

  beforeAll(async () => {
    childModule = await moduleForChildNode(new URL('./allocation-site-pretenuring.ts', import.meta.url));
  });
  afterAll(() => childModule.remove());

  const address = (text: string) => text.replace(/^0x0*/, '0x');

  /**
   * A busy start in a fresh process: bursts of `process.nextTick(callback, arg)` whose ticks stay
   * queued across young collections, their arguments held (objects made by a constructor, so the
   * only literals that allocate here are Node's own). The young generation is kept small so that
   * it is full, as a start's is, sooner. The literals V8 decides to allocate in the old generation,
   * as it traces them, and those of `process.nextTick`, as it prints the function.
   */
  async function pretenuringDecisions(
    turnOff: boolean,
  ): Promise<{ tenured: string[]; nextTickLiterals: string[] }> {
    const script = `
      ${turnOff ? `import { turnOffAllocationSitePretenuring } from ${JSON.stringify(childModule.url)}; turnOffAllocationSitePretenuring();` : ''}
      class Held { constructor(index) { this.index = index; } }
      const held = [];
      const burst = (size) => new Promise((done) => {
        let left = size;
        for (let index = 0; index < size; index++) {
          const argument = new Held(index);
          held.push(argument);
          process.nextTick((given) => { if (given && --left === 0) done(); }, argument);
        }
      });
      for (let round = 0; round < 40; round++) await burst(20000);
      %DebugPrint(process.nextTick);
    `;
    const stdout = await runInChildNode(
      ['--allow-natives-syntax', '--max-semi-space-size=1', '--trace-pretenuring-statistics'],
      script,
    );
    const tenured = [...stdout.matchAll(/AllocationSite\((0x[0-9a-f]+)\).*=> tenure$/gm)].map((match) =>
      address(match[1]!),
    );
    const nextTickLiterals = [...stdout.matchAll(/(0x[0-9a-f]+) <AllocationSite>/g)].map((match) =>
      address(match[1]!),
    );
    return { tenured, nextTickLiterals };
  }

  it("leaves the literals of a busy start's ticks in the young generation", async () => {
    const { tenured, nextTickLiterals } = await pretenuringDecisions(true);
    expect(nextTickLiterals.length).toBeGreaterThan(0);
    expect(tenured).toEqual([]);
  });

  it("without it, V8 moves process.nextTick's own literals to the old generation (what it prevents)", async () => {
    const { tenured, nextTickLiterals } = await pretenuringDecisions(false);
    expect(tenured.filter((site) => nextTickLiterals.includes(site)).length).toBeGreaterThan(0);
  });
});
