import type { ServerMetrics } from '../../plugins/metrics/server-metrics';
import type { MailSender } from './mail-sender';

/** The mail sender with its sends counted, failures apart (whatever the engine). */
export function countedMailSender(sender: MailSender, metrics: ServerMetrics): MailSender {
  return {
    kind: sender.kind,
    async send(message) {
      try {
        await sender.send(message);
      } catch (error) {
        metrics.messageFailed('mail');
        throw error;
      }
      metrics.messageSent('mail');
    },
    close: () => sender.close(),
  };
}
