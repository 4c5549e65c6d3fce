import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { schedulePeriodicJob } from '../../plugins/periodic-job';
import { sweepExpiredRecordings } from './recording-service';

/** How often the server deletes recordings past their company's retention. */
export const RECORDING_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** Deletes recordings past their company's retention (decision 017), hourly from 30 s after start. */
export const recordingRetentionPlugin = fp(
  async (app: FastifyInstance) => {
    schedulePeriodicJob(app, {
      name: 'recordings: retention sweep',
      metricName: 'recording_retention',
      firstDelayMs: 30_000,
      intervalMs: RECORDING_SWEEP_INTERVAL_MS,
      async run() {
        const deleted = await sweepExpiredRecordings(app);
        if (deleted > 0) app.log.info({ deleted }, 'recordings: expired recordings deleted');
      },
    });
  },
  { name: 'recording-retention', dependencies: ['storage'] },
);
