import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { missingSenders } from '../../config';
import { countedMailSender } from './counted-mail-sender';
import type { MailSender } from './mail-sender';
import { createOutboxMailSender } from './outbox-mail-sender';
import { createSmtpMailSender } from './smtp-mail-sender';

/** Decorates `app.mail`: the sender given (tests), SMTP when configured, else the outbox. */
export const mailPlugin = fp(
  async function mailPlugin(app: FastifyInstance, options: { sender?: MailSender }) {
    const sender =
      options.sender ??
      (app.config.smtpUrl
        ? createSmtpMailSender({ url: app.config.smtpUrl, from: app.config.mailFrom })
        : createOutboxMailSender(app.database.db));
    if (!options.sender && missingSenders(app.config).includes('mail')) {
      app.log.warn(
        'mail is off: without SMTP_URL every e-mail (password resets included) stays in the outbox and nobody receives it',
      );
    }
    app.decorate('mail', countedMailSender(sender, app.metrics));
    app.addHook('onClose', async () => sender.close());
  },
  { name: 'mail', dependencies: ['app-config', 'metrics'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailSender;
  }
}
