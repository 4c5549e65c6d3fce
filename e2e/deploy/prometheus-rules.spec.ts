import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { repoRoot } from './support/processes';
import { PROMTOOL_PATH } from './support/prometheus';

const shipped = path.join(repoRoot, 'deploy', 'prometheus');
const promtool = (...args: string[]) =>
  execFileSync(PROMTOOL_PATH, args, { cwd: shipped, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

test.describe("deploy/prometheus under Debian's promtool", () => {
  test('the alert rules and the scrape example are valid', () => {
    expect(promtool('check', 'rules', 'alerts.yml')).toMatch(/SUCCESS: \d+ rules found/);
    expect(promtool('check', 'config', 'prometheus.yml')).toMatch(/SUCCESS: prometheus\.yml is valid/);
  });

  test('each alert fires when it should and not before (alerts.test.yml)', () => {
    expect(promtool('test', 'rules', 'alerts.test.yml')).toMatch(/SUCCESS/);
  });
});
