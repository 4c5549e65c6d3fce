import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { schedulePeriodicJob } from '../plugins/periodic-job';
import { blankExpiredOutboxSecrets } from './outbox-queries';

/**
 * How often expired links and codes are blanked in the outbox. Codes live 10 minutes, so a code is
 * readable at most a minute past its end.
 */
export const OUTBOX_EXPIRY_INTERVAL_MS = 60 * 1000;

/** Blanks outbox messages whose link or code has expired, every minute from 20 s after start. */
export const outboxExpiryJobPlugin = fp(
  async (app: FastifyInstance) => {
    schedulePeriodicJob(app, {
      name: 'outbox: blank expired secrets',
      metricName: 'outbox_expiry',
      firstDelayMs: 20_000,
      intervalMs: OUTBOX_EXPIRY_INTERVAL_MS,
      async run() {
        await blankExpiredOutboxSecrets(app.database.db, new Date());
      },
    });
  },
  { name: 'outbox-expiry-job', dependencies: ['app-config', 'metrics'] },
);
