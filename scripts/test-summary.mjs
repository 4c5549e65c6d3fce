// The end of a test run: a table of its phases (when each started, how long it took, what it
// counted), then the one closing line `N passed, N failed` over every suite that wrote its results
// to .test-reports/results-<suite>.json (`npm test` writes npm-test, `npm run test:deploy` deploy).
//   node scripts/test-summary.mjs npm-test deploy   (a suite named but missing counts as failed)
// Imported by those runners for their own summaries.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const reportDir = path.join(root, '.test-reports');

const resultsFile = (suite) => path.join(reportDir, `results-${suite}.json`);

/**
 * Keeps a suite's results for the closing summary: { name, passed, failed, skipped, note?,
 * startedAt?, seconds? } each, `startedAt` in seconds from the suite's start (`startedAt`, epoch ms).
 */
export function writeResults(suite, results, startedAt = Date.now()) {
  mkdirSync(reportDir, { recursive: true });
  writeFileSync(resultsFile(suite), JSON.stringify({ startedAt, results }, null, 2));
}

export function readResults(suite) {
  const file = resultsFile(suite);
  if (!existsSync(file)) {
    return {
      startedAt: Date.now(),
      results: [{ name: `${suite}: no results written`, passed: 0, failed: 1, skipped: 0 }],
    };
  }
  return JSON.parse(readFileSync(file, 'utf8'));
}

function clock(totalSeconds) {
  const whole = Math.round(totalSeconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * Prints the table of phases of the suites given ({ startedAt, results } each, in the order they
 * ran), then the closing `N passed, N failed`; true when nothing failed.
 */
export function printSummary(suites) {
  const origin = Math.min(...suites.map((suite) => suite.startedAt));
  const rows = suites.flatMap((suite) =>
    suite.results.map((item) => ({
      ...item,
      start: item.startedAt === undefined ? undefined : (suite.startedAt - origin) / 1000 + item.startedAt,
    })),
  );
  const total = rows.reduce(
    (sum, item) => ({
      passed: sum.passed + item.passed,
      failed: sum.failed + item.failed,
      skipped: sum.skipped + item.skipped,
    }),
    { passed: 0, failed: 0, skipped: 0 },
  );
  const nameWidth = Math.max(5, ...rows.map((item) => item.name.length)) + 2;
  const cell = (value, width) => String(value).padStart(width);
  console.log('\nPhases (start and duration in min:s from the first phase; tests counted)');
  console.log(
    `    ${'phase'.padEnd(nameWidth)}${cell('start', 7)}${cell('took', 7)}${cell('passed', 8)}${cell('failed', 8)}${cell('skipped', 9)}`,
  );
  for (const item of rows) {
    const start = item.start === undefined ? '' : clock(item.start);
    const took = item.seconds === undefined ? '' : clock(item.seconds);
    console.log(
      `  ${item.failed ? '✗' : '✓'} ${item.name.padEnd(nameWidth)}${cell(start, 7)}${cell(took, 7)}${cell(item.passed, 8)}${cell(item.failed, 8)}${cell(item.skipped, 9)}`,
    );
    if (item.note) console.log(`      ${item.note}`);
  }
  const ends = rows.filter((item) => item.start !== undefined).map((item) => item.start + item.seconds);
  if (ends.length > 0) console.log(`  all phases: ${clock(Math.max(...ends))} (min:s)`);
  if (total.skipped)
    console.log(`  (${total.skipped} skipped: tests of an engine or a privilege this run does not have)`);
  console.log(`${total.passed} passed, ${total.failed} failed`);
  return total.failed === 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const suites = process.argv.slice(2);
  const ok = printSummary(suites.map(readResults));
  process.exit(ok ? 0 : 1);
}
