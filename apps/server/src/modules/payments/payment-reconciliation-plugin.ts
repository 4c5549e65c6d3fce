import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { schedulePeriodicJob } from '../../plugins/periodic-job';
import { reconcilePayments } from './payment-reconciliation';

/**
 * Runs the payment reconciliation (decision 021) on every process: first after
 * `PAYMENT_SWEEP_FIRST_DELAY_MS`, then every `PAYMENT_SWEEP_INTERVAL_MS`. On close the run in
 * flight stops after its current order.
 */
export const paymentReconciliationPlugin = fp(
  async (app: FastifyInstance) => {
    schedulePeriodicJob(app, {
      name: 'payments: reconciliation',
      metricName: 'payment_reconciliation',
      firstDelayMs: app.config.paymentSweep.firstDelayMs,
      intervalMs: app.config.paymentSweep.intervalMs,
      async run(signal) {
        const result = await reconcilePayments(app, { signal });
        const { checked, unreachable, receiptsSent, receiptsFailed } = result;
        if (checked + receiptsSent + receiptsFailed > 0) app.log.info(result, 'payments: reconciled');
        if (unreachable > 0) app.log.warn({ unreachable }, 'payments: Flow did not answer for some orders');
      },
    });
  },
  { name: 'payment-reconciliation', dependencies: ['flow', 'mail'] },
);
