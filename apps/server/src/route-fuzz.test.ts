import { beforeAll, describe, expect, it } from 'vitest';
import { LOOSE_LIMITS } from './testing/networks';
import { fuzzIdentities, fuzzRoutes, type FuzzIdentities } from './testing/route-fuzz';
import { useTestApp } from './testing/test-app';
import { testEngine } from './testing/test-database';

/**
 * Random requests over every route, as every kind of caller, with ids past every range, bodies of
 * the wrong shape and the wrong content type: nothing may answer 5xx. The suite sends a bounded
 * number; `npm run fuzz -w @seguridad/server` sends 4,000 (FUZZ_REQUESTS, FUZZ_SEED).
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 600);
const SEED = Number(process.env.FUZZ_SEED ?? 20261202);

describe('a fuzz of every route', () => {
  const ctx = useTestApp({ env: { ...LOOSE_LIMITS } });
  let identities: FuzzIdentities;
  beforeAll(async () => {
    identities = await fuzzIdentities(ctx);
  });

  it(
    `${REQUESTS} random requests answer no 5xx`,
    async () => {
      const report = await fuzzRoutes(ctx, ctx.app.routeAccess, identities, {
        requests: REQUESTS,
        seed: SEED,
      });
      console.info(
        `fuzz on ${testEngine()}: ${report.requests} requests over ${ctx.app.routeAccess.length} routes in ${report.milliseconds} ms (seed ${SEED}); by status ${JSON.stringify(report.byStatus)}`,
      );
      expect(report.serverErrors).toEqual([]);
      expect(report.requests).toBe(REQUESTS);
    },
    Math.max(60_000, REQUESTS * 100),
  );
});
