// `npm test`: every check of the project, with one closing line that counts them all: lint and
// typecheck (one check each), unit and server tests (Vitest; the server suite once on PGlite and
// again on PostgreSQL when DATABASE_URL is set) and the browser journeys (Playwright, with Firefox
// through puppeteer-core and WebKit through WebKitWebDriver in the same run).
//
// The phases run side by side where a two-core machine gains by it (docs/testing.md): the quick
// checks, the build and the browsers' installs together; then the two server suites, one after
// the other (each keeps both cores busy with three files at a time); then the browser
// journeys, one browser pair at a time, alone: anything beside them slows a call's video enough
// to make its waits flaky.
//
//   npm test                         everything
//   npm test -- --only=<phase>[,…]   some phases alone (e.g. --only=lint,server-pglite); what
//                                    they need runs too (the journeys need the build and browsers)
//   npm test -- --list               the phases' names
import { rmSync } from 'node:fs';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { printSummary, reportDir, root, writeResults } from './test-summary.mjs';
import { checkCounts, phase, playwrightCounts, runPhases, vitestCounts } from './test-phases.mjs';

const postgresUrl = process.env.DATABASE_URL;
const quickChecks = ['lint', 'typecheck', 'contracts unit tests', 'web unit tests', 'build'];

/** Browsers and tools the journeys drive, installed from Debian when missing (one apt at a time). */
const browserTools = [
  // The journeys' Chromium is Debian's headless shell (Chromium's own headless browser, what
  // Playwright runs headless by default); the full browser stays for the bench and the server tests.
  ['chromium available', ['scripts/ensure-chromium.sh']],
  // The recording journey checks its file with ffprobe (Debian's ffmpeg).
  ['ffprobe available', ['scripts/ensure-ffmpeg.sh']],
  // The Firefox journeys (e2e/firefox.spec.ts, decision 037) drive Debian's Firefox ESR.
  ['firefox available', ['scripts/ensure-firefox.sh']],
  // The WebKit page journeys (e2e/webkit.spec.ts) drive WebKitGTK through WebKitWebDriver.
  ['webkit available', ['scripts/ensure-webkit.sh']],
];

const phases = [
  phase('lint', { id: 'lint', run: (log) => checkCounts(log, 'npm', ['run', 'lint']) }),
  phase('typecheck', { id: 'typecheck', run: (log) => checkCounts(log, 'npm', ['run', 'typecheck']) }),
  phase('contracts unit tests', {
    id: 'contracts',
    run: (log) => vitestCounts(log, 'contracts unit tests', 'packages/contracts'),
  }),
  phase('web unit tests', {
    id: 'web',
    run: (log) => vitestCounts(log, 'web unit tests', 'apps/web'),
  }),
  phase('build', { id: 'build', run: (log) => checkCounts(log, 'npm', ['run', 'build']) }),
  // One phase for the four installs (apt takes one at a time), each still its own check.
  ...browserTools.map(([name, args], index) =>
    phase(name, {
      id: 'tools',
      needs: index === 0 ? [] : [browserTools[index - 1][0]],
      run: (log) => checkCounts(log, 'bash', args),
    }),
  ),
  phase('server tests on PGlite', {
    id: 'server-pglite',
    after: quickChecks,
    run: (log) => serverSuite(log, 'server tests on PGlite', 'pglite'),
  }),
  ...(postgresUrl
    ? [
        phase('server tests on PostgreSQL', {
          id: 'server-postgres',
          // After the PGlite suite, not beside it: each keeps both cores busy with three files at
          // a time, and side by side they took longer than one after the other (7 min against 5.6).
          after: [...quickChecks, 'server tests on PGlite'],
          run: (log) => serverSuite(log, 'server tests on PostgreSQL', 'postgres'),
        }),
      ]
    : []),
  phase('browser journeys', {
    id: 'journeys',
    needs: ['build', ...browserTools.map(([name]) => name)],
    after: [...quickChecks, 'server tests on PGlite', 'server tests on PostgreSQL'],
    live: true,
    when: ([built, chromium]) =>
      built.failed === 0 && chromium.failed === 0 && existsSync(path.join(root, 'apps/server/dist/main.js')),
    skipNote: 'not run: the build or Chromium is missing',
    run: (log) =>
      playwrightCounts(log, [], 'E2E_JSON_REPORT', path.join(reportDir, 'e2e.json'), {}, { cwd: 'e2e' }),
  }),
];

function serverSuite(log, name, engine) {
  return vitestCounts(log, name, 'apps/server', { TEST_DATABASE: engine });
}

/** The phases asked for by id, with every phase they wait for. */
function selected(ids) {
  if (!ids) return phases;
  const wanted = new Set();
  const add = (item) => {
    if (wanted.has(item)) return;
    wanted.add(item);
    for (const name of item.needs) add(phases.find((candidate) => candidate.name === name));
  };
  for (const id of ids) {
    const matching = phases.filter((item) => item.id === id);
    if (matching.length === 0) {
      console.error(`No phase "${id}". Phases: ${[...new Set(phases.map((item) => item.id))].join(', ')}`);
      process.exit(2);
    }
    matching.forEach(add);
  }
  return phases.filter((item) => wanted.has(item));
}

const args = process.argv.slice(2);
if (args.includes('--list')) {
  for (const id of new Set(phases.map((item) => item.id))) console.log(id);
  process.exit(0);
}
const only = args
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');

rmSync(reportDir, { recursive: true, force: true });
if (!postgresUrl) console.log('\n  (DATABASE_URL is not set: the server suite runs on PGlite only)');
const startedAt = Date.now();
const results = await runPhases(selected(only), { startedAt });
// CI adds the deployment journeys' results to these and prints one closing line for both.
writeResults('npm-test', results, startedAt);
process.exit(printSummary([{ startedAt, results }]) ? 0 : 1);
