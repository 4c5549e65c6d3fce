import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createServerMetrics } from './metrics/server-metrics';
import { capturedLog, LOG_LEVEL_ERROR } from '../testing/captured-log';
import { schedulePeriodicJob } from './periodic-job';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A bare Fastify with the server's metrics, whose error log is kept, for the job's failures. */
function appKeepingErrors(): { app: FastifyInstance; errors: () => (string | undefined)[] } {
  const log = capturedLog();
  const app = Fastify({ logger: { level: 'error', stream: log.stream } });
  app.decorate('metrics', createServerMetrics());
  return {
    app,
    errors: () => log.lines.filter((line) => line.level >= LOG_LEVEL_ERROR).map((line) => line.msg),
  };
}

/** The job's runs by outcome, as Prometheus would read them. */
async function runsCounted(app: FastifyInstance, outcome: 'ok' | 'failed'): Promise<number> {
  const runs = await app.metrics.registry.getSingleMetric('seguridad_background_job_runs_total')!.get();
  return (
    runs.values.find((value) => value.labels.task === 'test_job' && value.labels.outcome === outcome)
      ?.value ?? 0
  );
}

describe('schedulePeriodicJob', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('waits for the first delay, then runs on the interval, never two runs at once', async () => {
    const kept = appKeepingErrors();
    app = kept.app;
    const startedAt: number[] = [];
    let concurrent = 0;
    let mostConcurrent = 0;
    const scheduledAt = Date.now();
    schedulePeriodicJob(app, {
      name: 'test job',
      metricName: 'test_job',
      firstDelayMs: 80,
      intervalMs: 10,
      async run() {
        startedAt.push(Date.now() - scheduledAt);
        mostConcurrent = Math.max(mostConcurrent, ++concurrent);
        // Longer than the interval: the runs due meanwhile are skipped, not stacked.
        await sleep(40);
        concurrent--;
      },
    });
    await app.ready();
    await expect.poll(() => startedAt.length, { timeout: 2_000 }).toBeGreaterThanOrEqual(3);
    // The first run came no earlier than its delay (a check at a fixed moment before it would
    // depend on how long the app took to get ready on a busy machine).
    expect(startedAt[0]).toBeGreaterThanOrEqual(75);
    expect(mostConcurrent).toBe(1);
    expect(kept.errors()).toEqual([]);
  });

  it('logs a failed run and runs again on time', async () => {
    const kept = appKeepingErrors();
    app = kept.app;
    let runs = 0;
    schedulePeriodicJob(app, {
      name: 'test job',
      metricName: 'test_job',
      firstDelayMs: 0,
      intervalMs: 20,
      async run() {
        runs++;
        if (runs === 1) throw new Error('the database went away');
      },
    });
    await app.ready();
    await expect.poll(() => runs, { timeout: 2_000 }).toBeGreaterThanOrEqual(2);
    expect(kept.errors()).toEqual(['test job: run failed']);
    expect(await runsCounted(app, 'failed')).toBe(1);
    await expect.poll(() => runsCounted(app!, 'ok')).toBeGreaterThanOrEqual(1);
  });

  it('on close tells the run in flight to stop, waits for it, and runs no more', async () => {
    const kept = appKeepingErrors();
    const closing = kept.app;
    let runs = 0;
    let sawAbort = false;
    let finished = false;
    schedulePeriodicJob(closing, {
      name: 'test job',
      metricName: 'test_job',
      firstDelayMs: 0,
      intervalMs: 10,
      async run(signal) {
        runs++;
        await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
        sawAbort = signal.aborted;
        // A run finishing its current step after the stop is asked for.
        await sleep(50);
        finished = true;
      },
    });
    await closing.ready();
    await expect.poll(() => runs, { timeout: 2_000 }).toBe(1);
    await closing.close();
    expect(sawAbort).toBe(true);
    expect(finished).toBe(true);
    await sleep(60);
    expect(runs).toBe(1);
  });
});
