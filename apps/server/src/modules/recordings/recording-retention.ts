import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sweepExpiredRecordings } from './recording-service';

/** How often the server deletes recordings past their company's retention. */
export const RECORDING_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** The first sweep after start, late enough not to slow the start down. */
const FIRST_SWEEP_DELAY_MS = 30_000;

/** Starts the periodic sweep of expired recordings (decision 017); stops it on close. */
export const recordingRetentionPlugin = fp(
  async (app: FastifyInstance) => {
    let running: Promise<void> | undefined;
    const sweep = () => {
      if (running) return;
      running = sweepExpiredRecordings(app)
        .then((deleted) => {
          if (deleted > 0) app.log.info({ deleted }, 'recordings: expired recordings deleted');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'recordings: retention sweep failed'))
        .finally(() => {
          running = undefined;
        });
    };
    let interval: NodeJS.Timeout | undefined;
    const first = setTimeout(() => {
      sweep();
      interval = setInterval(sweep, RECORDING_SWEEP_INTERVAL_MS);
      interval.unref();
    }, FIRST_SWEEP_DELAY_MS);
    first.unref();
    app.addHook('onClose', async () => {
      clearTimeout(first);
      clearInterval(interval);
      await running;
    });
  },
  { name: 'recording-retention', dependencies: ['storage'] },
);
