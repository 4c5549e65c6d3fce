// `npm test`: every check of the project, in order, with one closing line that counts them all:
// lint and typecheck (one check each), unit and server tests (Vitest; the server suite once on
// PGlite and again on PostgreSQL when DATABASE_URL is set) and the browser journeys (Playwright,
// with Firefox through puppeteer-core and WebKit through WebKitWebDriver in the same run).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { printSummary, reportDir, root, writeResults } from './test-summary.mjs';

rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

const results = [];

function run(command, args, options = {}) {
  console.log(`\n▶ ${[command, ...args].join(' ')}`);
  const outcome = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  return outcome.status ?? 1;
}

function record(name, counts) {
  results.push({ name, ...counts });
  const skipped = counts.skipped ? `, ${counts.skipped} skipped` : '';
  console.log(`  ${name}: ${counts.passed} passed, ${counts.failed} failed${skipped}`);
}

function check(name, command, args) {
  const status = run(command, args);
  record(name, { passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1, skipped: 0 });
  return status === 0;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function vitest(name, workspaceDir, env = {}) {
  const report = path.join(reportDir, `${name.replace(/\W+/g, '-')}.json`);
  const status = run(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    {
      cwd: path.join(root, workspaceDir),
      env: { ...process.env, ...env },
    },
  );
  const json = readJson(report);
  if (!json) return record(name, { passed: 0, failed: 1, skipped: 0 });
  const failed = json.numFailedTests + (status !== 0 && json.numFailedTests === 0 ? 1 : 0);
  record(name, { passed: json.numPassedTests, failed, skipped: json.numPendingTests + json.numTodoTests });
}

function playwright() {
  const report = path.join(reportDir, 'e2e.json');
  const status = run('npx', ['playwright', 'test'], {
    cwd: path.join(root, 'e2e'),
    env: { ...process.env, E2E_JSON_REPORT: report },
  });
  const stats = readJson(report)?.stats;
  if (!stats) return record('browser journeys', { passed: 0, failed: 1, skipped: 0 });
  const failed = stats.unexpected + (status !== 0 && stats.unexpected === 0 ? 1 : 0);
  record('browser journeys', { passed: stats.expected + stats.flaky, failed, skipped: stats.skipped });
}

const postgresUrl = process.env.DATABASE_URL;

check('lint', 'npm', ['run', 'lint']);
check('typecheck', 'npm', ['run', 'typecheck']);
vitest('contracts unit tests', 'packages/contracts');
vitest('web unit tests', 'apps/web');
vitest('server tests on PGlite', 'apps/server', { TEST_DATABASE: 'pglite' });
if (postgresUrl) vitest('server tests on PostgreSQL', 'apps/server', { TEST_DATABASE: 'postgres' });
else console.log('\n  (DATABASE_URL is not set: the server suite runs on PGlite only)');

const built = check('build', 'npm', ['run', 'build']);
const browserReady = check('chromium available', 'bash', ['scripts/ensure-chromium.sh']);
// The recording journey checks its file with ffprobe (Debian's ffmpeg), installed like Chromium.
// A missing ffprobe fails this check (and the recording journey), not the other journeys.
check('ffprobe available', 'bash', ['scripts/ensure-ffmpeg.sh']);
// The Firefox journeys (e2e/firefox.spec.ts, decision 037) drive Debian's Firefox ESR through
// puppeteer-core, installed like Chromium; a missing Firefox fails this check and those journeys.
check('firefox available', 'bash', ['scripts/ensure-firefox.sh']);
// The WebKit page journeys (e2e/webkit.spec.ts) drive Debian's WebKitGTK through WebKitWebDriver
// under xvfb-run, installed the same way.
check('webkit available', 'bash', ['scripts/ensure-webkit.sh']);
if (built && browserReady && existsSync(path.join(root, 'apps/server/dist/main.js'))) playwright();
else record('browser journeys', { passed: 0, failed: 1, skipped: 0 });

// CI adds the deployment journeys' results to these and prints one closing line for both.
writeResults('npm-test', results);
process.exit(printSummary(results) ? 0 : 1);
