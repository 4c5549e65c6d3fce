// `npm run test:deploy`: the deployment journeys of e2e/deploy/ with Debian's nginx, coturn and
// Prometheus (nginx with TLS in front of two server processes, calls across NAT through the relay,
// the alert rules under promtool). They need root (network namespaces, iptables, installing what
// is missing): otherwise they are counted as skipped, with the reason. Ends with its own
// `N passed, N failed`; CI then prints one line over this and `npm test` (scripts/test-summary.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { printSummary, reportDir, root, writeResults } from './test-summary.mjs';

const suite = 'deploy';
const startedAt = Date.now();
const results = [];
const config = path.join('e2e', 'deploy', 'playwright.config.ts');

function run(command, args, options = {}) {
  console.log(`\n▶ ${[command, ...args].join(' ')}`);
  return spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options }).status ?? 1;
}

/** The number of tests in the deployment suite, without running any. */
function countJourneys() {
  const listed = spawnSync('npx', ['playwright', 'test', '-c', config, '--list'], {
    cwd: root,
    encoding: 'utf8',
  });
  return Number(/Total: (\d+) tests?/.exec(listed.stdout ?? '')?.[1] ?? 0);
}

function finish() {
  const seconds = Math.round((Date.now() - startedAt) / 1000);
  console.log(`\nDeployment journeys took ${Math.floor(seconds / 60)} min ${seconds % 60} s.`);
  writeResults(suite, results);
  process.exit(printSummary(results) ? 0 : 1);
}

if (process.getuid?.() !== 0) {
  const skipped = countJourneys();
  console.log(
    '\nThe deployment journeys are skipped: they need root (network namespaces, iptables, and' +
      " installing Debian's nginx, coturn and prometheus when missing). CI runs them as root.",
  );
  results.push({ name: 'deployment journeys', passed: 0, failed: 0, skipped, note: 'skipped: not root' });
  finish();
}

// What the journeys drive, installed from Debian when missing (as the browser tests install Chromium).
const tools = [
  ['/usr/bin/chromium', 'chromium', 'CHROMIUM_PATH'],
  ['/usr/sbin/nginx', 'nginx', 'NGINX_PATH'],
  ['/usr/bin/turnserver', 'coturn', 'TURNSERVER_PATH'],
  ['/usr/bin/prometheus', 'prometheus', 'PROMETHEUS_PATH'],
  ['/usr/bin/promtool', 'prometheus', 'PROMTOOL_PATH'],
  ['/usr/sbin/iptables', 'iptables', 'IPTABLES_PATH'],
  ['/usr/sbin/ip', 'iproute2', 'IP_PATH'],
  ['/usr/bin/openssl', 'openssl', 'OPENSSL_PATH'],
];
let toolsReady = true;
for (const [binary, pkg, variable] of tools) {
  const status = run('bash', [
    'scripts/ensure-debian-tool.sh',
    process.env[variable] ?? binary,
    pkg,
    variable,
    'the deployment journeys',
  ]);
  if (status !== 0) toolsReady = false;
}
results.push({
  name: 'deployment tools available',
  passed: toolsReady ? 1 : 0,
  failed: toolsReady ? 0 : 1,
  skipped: 0,
});

if (!existsSync(path.join(root, 'apps', 'server', 'dist', 'main.js'))) {
  const built = run('npm', ['run', 'build']) === 0;
  results.push({ name: 'build', passed: built ? 1 : 0, failed: built ? 0 : 1, skipped: 0 });
}

if (!toolsReady) {
  results.push({
    name: 'deployment journeys',
    passed: 0,
    failed: 1,
    skipped: 0,
    note: 'not run: tools missing',
  });
  finish();
}

const report = path.join(reportDir, 'deploy.json');
const status = run('npx', ['playwright', 'test', '-c', config], {
  env: { ...process.env, DEPLOY_JSON_REPORT: report },
});
let stats;
try {
  stats = JSON.parse(readFileSync(report, 'utf8')).stats;
} catch {
  stats = undefined;
}
if (!stats) results.push({ name: 'deployment journeys', passed: 0, failed: 1, skipped: 0 });
else {
  const failed = stats.unexpected + (status !== 0 && stats.unexpected === 0 ? 1 : 0);
  results.push({
    name: 'deployment journeys',
    passed: stats.expected + stats.flaky,
    failed,
    skipped: stats.skipped,
  });
}
finish();
