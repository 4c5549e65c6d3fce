import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { MessageSender } from './message-sender';
import { createOutboxMessageSender } from './outbox-message-sender';
import { createTwilioMessageSender } from './twilio-message-sender';

/** Decorates `app.messages`: Twilio Messaging when configured, else the outbox (decision 061). */
export const messagingPlugin = fp(
  async (app: FastifyInstance, options: { sender?: MessageSender }) => {
    const sender =
      options.sender ??
      (app.config.twilioMessaging
        ? createTwilioMessageSender(app.config.twilioMessaging)
        : createOutboxMessageSender(app.database.db, app.config.brandName));
    if (!options.sender && !app.config.twilioMessaging && app.config.isProduction && !app.config.demoMode) {
      app.log.warn(
        'Call links by SMS and WhatsApp stay in the outbox: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_MESSAGING_SERVICE_SID (or TWILIO_SMS_FROM)',
      );
    }
    app.decorate('messages', sender);
  },
  { name: 'messaging', dependencies: ['app-config'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    messages: MessageSender;
  }
}
