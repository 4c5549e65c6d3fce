import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { missingSenders } from '../../config';
import { countedVerificationProvider } from './counted-verification-provider';
import { createOutboxVerificationProvider } from './outbox-verification-provider';
import { createTwilioVerifyProvider } from './twilio-verify-provider';
import type { VerificationProvider } from './verification-provider';

/** Decorates `app.verification`: Twilio Verify when configured, else the outbox. */
export const verificationPlugin = fp(
  async (app: FastifyInstance, options: { provider?: VerificationProvider }) => {
    const provider =
      options.provider ??
      (app.config.twilio
        ? createTwilioVerifyProvider(app.config.twilio)
        : createOutboxVerificationProvider(app.database.db, app.config.brandName));
    if (!options.provider && missingSenders(app.config).includes('sms')) {
      app.log.warn(
        'SMS is off: without TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_VERIFY_SERVICE_SID every code stays in the outbox and nobody receives it',
      );
    }
    app.decorate('verification', countedVerificationProvider(provider, app.metrics));
  },
  { name: 'verification', dependencies: ['app-config', 'metrics'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    verification: VerificationProvider;
  }
}
