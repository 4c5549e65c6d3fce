// `npm run test:deploy`: the deployment journeys of e2e/deploy/ with Debian's nginx, coturn and
// Prometheus (nginx with TLS in front of two server processes, calls across NAT through the relay,
// the alert rules under promtool). They need root (network namespaces, iptables, installing what
// is missing): otherwise they are counted as skipped, with the reason. Ends with its own
// `N passed, N failed`; CI then prints one line over this and `npm test` (scripts/test-summary.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { printSummary, reportDir, root, writeResults } from './test-summary.mjs';
import { checkCounts, phase, playwrightCounts, runPhases } from './test-phases.mjs';

const suite = 'deploy';
const startedAt = Date.now();
const config = path.join('e2e', 'deploy', 'playwright.config.ts');

/** The number of tests in the deployment suite, without running any. */
function countJourneys() {
  const listed = spawnSync('npx', ['playwright', 'test', '-c', config, '--list'], {
    cwd: root,
    encoding: 'utf8',
  });
  return Number(/Total: (\d+) tests?/.exec(listed.stdout ?? '')?.[1] ?? 0);
}

function finish(results) {
  writeResults(suite, results, startedAt);
  process.exit(printSummary([{ startedAt, results }]) ? 0 : 1);
}

if (process.getuid?.() !== 0) {
  const skipped = countJourneys();
  console.log(
    '\nThe deployment journeys are skipped: they need root (network namespaces, iptables, and' +
      " installing Debian's nginx, coturn and prometheus when missing). CI runs them as root.",
  );
  finish([{ name: 'deployment journeys', passed: 0, failed: 0, skipped, note: 'skipped: not root' }]);
}

// What the journeys drive, installed from Debian when missing (as the browser tests install Chromium).
const tools = [
  ['/usr/lib/chromium/chromium-headless-shell', 'chromium-headless-shell', 'E2E_CHROMIUM_PATH'],
  ['/usr/bin/chromium', 'chromium', 'CHROMIUM_PATH'],
  ['/usr/sbin/nginx', 'nginx', 'NGINX_PATH'],
  ['/usr/bin/turnserver', 'coturn', 'TURNSERVER_PATH'],
  ['/usr/bin/prometheus', 'prometheus', 'PROMETHEUS_PATH'],
  ['/usr/bin/promtool', 'prometheus', 'PROMTOOL_PATH'],
  ['/usr/sbin/iptables', 'iptables', 'IPTABLES_PATH'],
  ['/usr/sbin/ip', 'iproute2', 'IP_PATH'],
  ['/usr/bin/openssl', 'openssl', 'OPENSSL_PATH'],
];

const results = await runPhases(
  [
    phase('deployment tools available', {
      async run(log) {
        for (const [binary, pkg, variable] of tools) {
          const args = ['scripts/ensure-debian-tool.sh', process.env[variable] ?? binary, pkg, variable];
          const counts = await checkCounts(log, 'bash', [...args, 'the deployment journeys']);
          if (counts.failed) return counts;
        }
        // The journeys start the built server; `npm test` built it already when run before.
        if (!existsSync(path.join(root, 'apps', 'server', 'dist', 'main.js'))) {
          return checkCounts(log, 'npm', ['run', 'build']);
        }
        return { passed: 1, failed: 0, skipped: 0 };
      },
    }),
    phase('deployment journeys', {
      needs: ['deployment tools available'],
      live: true,
      when: ([tooling]) => tooling.failed === 0,
      skipNote: 'not run: tools missing',
      run: (log) =>
        playwrightCounts(log, ['-c', config], 'DEPLOY_JSON_REPORT', path.join(reportDir, 'deploy.json')),
    }),
  ],
  { startedAt },
);
finish(results);
