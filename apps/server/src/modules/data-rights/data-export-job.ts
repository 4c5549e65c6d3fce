import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { schedulePeriodicJob } from '../../plugins/periodic-job';
import { runDataExports, type ExportDeps } from './data-export-service';

/** How often every process looks for exports to build (a request also starts a run at once) and expired ones. */
export const DATA_EXPORT_INTERVAL_MS = 60 * 1000;

/**
 * Builds «Descargar mis datos» ZIPs and deletes expired ones (decision 040): a run right after a
 * citizen asks, on the process that took the request, and a periodic one on every process, which
 * takes over what a process that died left waiting.
 */
export const dataExportJobPlugin = fp(
  async (app: FastifyInstance) => {
    const stop = new AbortController();
    const deps = (): ExportDeps => ({
      db: app.database.db,
      storage: app.storage,
      mail: app.mail,
      log: app.log,
      config: app.config,
    });
    let running: Promise<void> | undefined;
    let again = false;

    function startDataExports(): void {
      if (stop.signal.aborted) return;
      if (running) {
        again = true;
        return;
      }
      running = runDataExports(deps(), new Date(), stop.signal)
        .then(
          () => undefined,
          (error: unknown) => app.log.error({ err: error }, 'data export: run failed'),
        )
        .finally(() => {
          running = undefined;
          if (again) {
            again = false;
            startDataExports();
          }
        });
    }
    app.decorate('startDataExports', startDataExports);

    schedulePeriodicJob(app, {
      name: 'data export: build and expire',
      metricName: 'data_export',
      firstDelayMs: 20_000,
      intervalMs: DATA_EXPORT_INTERVAL_MS,
      async run(signal) {
        await runDataExports(deps(), new Date(), signal);
      },
    });
    app.addHook('onClose', async () => {
      stop.abort();
      await running;
    });
  },
  { name: 'data-export-job', dependencies: ['storage'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Builds the exports waiting now, in the background (one run at a time on this process). */
    startDataExports: () => void;
  }
}
