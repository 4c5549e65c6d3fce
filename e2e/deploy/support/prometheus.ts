import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, startProgram, waitUntil, type RunningProgram } from './processes';

export const PROMETHEUS_PATH = process.env.PROMETHEUS_PATH ?? '/usr/bin/prometheus';
export const PROMTOOL_PATH = process.env.PROMTOOL_PATH ?? '/usr/bin/promtool';
export const ALERT_RULES = path.join(repoRoot, 'deploy', 'prometheus', 'alerts.yml');

export type RunningPrometheus = RunningProgram & {
  /** The instant value of a PromQL expression: one number per series, by its labels. */
  query(expression: string): Promise<{ labels: Record<string, string>; value: number }[]>;
  /** The state of each alert now (pending or firing), by name and labels. */
  alerts(): Promise<{ name: string; state: string; labels: Record<string, string> }[]>;
};

/**
 * Debian's Prometheus scraping the given metrics listeners every second, with the shipped alert
 * rules, on a free port of loopback, its data under `directory`.
 */
export async function startPrometheus(
  directory: string,
  options: { port: number; targets: string[] },
): Promise<RunningPrometheus> {
  const configFile = path.join(directory, 'prometheus.yml');
  writeFileSync(
    configFile,
    [
      'global:',
      '  scrape_interval: 1s',
      '  evaluation_interval: 1s',
      'rule_files:',
      `  - ${ALERT_RULES}`,
      'scrape_configs:',
      '  - job_name: seguridad',
      '    static_configs:',
      `      - targets: [${options.targets.map((target) => `'${target}'`).join(', ')}]`,
      '',
    ].join('\n'),
  );
  const base = `http://127.0.0.1:${options.port}`;
  const program = startProgram(PROMETHEUS_PATH, [
    `--config.file=${configFile}`,
    `--storage.tsdb.path=${path.join(directory, 'data')}`,
    `--web.listen-address=127.0.0.1:${options.port}`,
    '--log.level=warn',
  ]);
  await waitUntil('Prometheus ready', async () => (await fetch(`${base}/-/ready`)).ok, program, 30_000);
  const api = async <T>(pathAndQuery: string): Promise<T> => {
    const response = await fetch(`${base}${pathAndQuery}`);
    const body = (await response.json()) as { status: string; data: T; error?: string };
    if (body.status !== 'success') throw new Error(`Prometheus ${pathAndQuery}: ${body.error}`);
    return body.data;
  };
  return {
    ...program,
    async query(expression) {
      const data = await api<{ result: { metric: Record<string, string>; value: [number, string] }[] }>(
        `/api/v1/query?query=${encodeURIComponent(expression)}`,
      );
      return data.result.map((series) => ({ labels: series.metric, value: Number(series.value[1]) }));
    },
    async alerts() {
      const data = await api<{ alerts: { labels: Record<string, string>; state: string }[] }>(
        '/api/v1/alerts',
      );
      return data.alerts.map((alert) => ({
        name: alert.labels.alertname!,
        state: alert.state,
        labels: alert.labels,
      }));
    },
  };
}
