import type { FastifyInstance } from 'fastify';

type PeriodicJob = {
  /** Names the job in the log when a run fails. */
  name: string;
  /** Names the job's runs in the metrics: fixed, snake_case (`payment_reconciliation`). */
  metricName: string;
  /** The first run after start: late enough not to slow the start down. */
  firstDelayMs: number;
  intervalMs: number;
  /** One run; `signal` aborts when the server closes, for a long run to stop at a safe point. */
  run: (signal: AbortSignal) => Promise<void>;
};

/**
 * Runs a background job on this process for as long as the app lives: first after `firstDelayMs`,
 * then every `intervalMs`, never two runs at once (a run still going when the next is due makes
 * that one skip). A failed run is logged and the next one comes as planned. On close the run in
 * flight is told to stop and waited for, and none starts after it.
 */
export function schedulePeriodicJob(app: FastifyInstance, job: PeriodicJob): void {
  const stop = new AbortController();
  let running: Promise<void> | undefined;
  const runOnce = () => {
    if (running || stop.signal.aborted) return;
    running = job
      .run(stop.signal)
      .then(
        () => app.metrics.jobRan(job.metricName, 'ok'),
        (error: unknown) => {
          app.metrics.jobRan(job.metricName, 'failed');
          app.log.error({ err: error }, `${job.name}: run failed`);
        },
      )
      .finally(() => {
        running = undefined;
      });
  };
  let interval: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    runOnce();
    interval = setInterval(runOnce, job.intervalMs);
    interval.unref();
  }, job.firstDelayMs);
  first.unref();
  app.addHook('onClose', async () => {
    stop.abort();
    clearTimeout(first);
    clearInterval(interval);
    await running;
  });
}
