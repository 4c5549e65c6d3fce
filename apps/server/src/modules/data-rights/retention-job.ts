import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { schedulePeriodicJob } from '../../plugins/periodic-job';
import { runRetention } from './retention-service';

/** How often the server deletes personal data past its period. */
export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

/** Enforces the retention table (decision 034), hourly from 40 s after start. */
export const retentionJobPlugin = fp(
  async (app: FastifyInstance) => {
    schedulePeriodicJob(app, {
      name: 'retention: sweep',
      metricName: 'retention',
      firstDelayMs: 40_000,
      intervalMs: RETENTION_INTERVAL_MS,
      async run(signal) {
        await runRetention({ db: app.database.db, storage: app.storage, log: app.log }, new Date(), signal);
      },
    });
  },
  { name: 'retention-job', dependencies: ['storage'] },
);
