// The one closing line of a test run: `N passed, N failed` over every suite that wrote its results
// to .test-reports/results-<suite>.json (`npm test` writes npm-test, `npm run test:deploy` deploy).
//   node scripts/test-summary.mjs npm-test deploy   (a suite named but missing counts as failed)
// Imported by those runners for their own summary lines.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const reportDir = path.join(root, '.test-reports');

const resultsFile = (suite) => path.join(reportDir, `results-${suite}.json`);

/** Keeps a suite's results ({ name, passed, failed, skipped } each) for the closing summary. */
export function writeResults(suite, results) {
  mkdirSync(reportDir, { recursive: true });
  writeFileSync(resultsFile(suite), JSON.stringify(results, null, 2));
}

export function readResults(suite) {
  const file = resultsFile(suite);
  if (!existsSync(file)) return [{ name: `${suite}: no results written`, passed: 0, failed: 1, skipped: 0 }];
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Prints each line and the closing `N passed, N failed`; true when nothing failed. */
export function printSummary(results) {
  const total = results.reduce(
    (sum, item) => ({
      passed: sum.passed + item.passed,
      failed: sum.failed + item.failed,
      skipped: sum.skipped + item.skipped,
    }),
    { passed: 0, failed: 0, skipped: 0 },
  );
  console.log('\nSummary');
  for (const item of results) {
    const skipped = item.skipped ? `, ${item.skipped} skipped` : '';
    console.log(
      `  ${item.failed ? '✗' : '✓'} ${item.name}: ${item.passed} passed, ${item.failed} failed${skipped}`,
    );
    if (item.note) console.log(`      ${item.note}`);
  }
  if (total.skipped)
    console.log(`  (${total.skipped} skipped: tests of an engine or a privilege this run does not have)`);
  console.log(`${total.passed} passed, ${total.failed} failed`);
  return total.failed === 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const suites = process.argv.slice(2);
  const ok = printSummary(suites.flatMap(readResults));
  process.exit(ok ? 0 : 1);
}
