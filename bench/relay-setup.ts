import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from './lib/server-process';

export type SetupFigures = { calls: number; medianMs: number; minMs: number; maxMs: number };
export type RelaySetupFigures =
  { skipped: string } | { runs: number; byPath: Record<string, SetupFigures>; failedRuns: number };

/**
 * Call set-up (Llamar → the operator's first video frame on the citizen's page) through coturn
 * across two NATs, next to a direct call in the same network set-up: the deployment journeys of
 * e2e/deploy/nat-relay.spec.ts run `runs` times, each recording its call's set-up time from the
 * product's User Timing marks (the control, which never connects, is left out). Needs root, as the
 * journeys do, and a built server.
 */
export function measureRelaySetup(runs = 5): RelaySetupFigures {
  if (process.getuid?.() !== 0)
    return { skipped: 'needs root (network namespaces), as npm run test:deploy does' };
  const directory = mkdtempSync(path.join(tmpdir(), 'relay-setup-'));
  const samplesFile = path.join(directory, 'samples.jsonl');
  let failedRuns = 0;
  try {
    for (let run = 0; run < runs; run += 1) {
      const outcome = spawnSync(
        'npx',
        [
          'playwright',
          'test',
          '-c',
          'e2e/deploy/playwright.config.ts',
          'nat-relay.spec.ts',
          '--grep-invert',
          'control',
        ],
        { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, DEPLOY_CALL_SETUP_FILE: samplesFile } },
      );
      if (outcome.status !== 0) failedRuns += 1;
    }
    const samples = readFileSync(samplesFile, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { path: string; ms: number });
    const byPath: Record<string, SetupFigures> = {};
    for (const name of new Set(samples.map((sample) => sample.path))) {
      const values = samples
        .filter((sample) => sample.path === name)
        .map((sample) => sample.ms)
        .sort((a, b) => a - b);
      byPath[name] = {
        calls: values.length,
        medianMs: values[Math.floor(values.length / 2)]!,
        minMs: values[0]!,
        maxMs: values[values.length - 1]!,
      };
    }
    return { runs, byPath, failedRuns };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
