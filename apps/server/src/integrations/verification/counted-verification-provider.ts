import type { ServerMetrics } from '../../plugins/metrics/server-metrics';
import type { VerificationProvider } from './verification-provider';

/** The code sender with its sends counted per channel (SMS, WhatsApp), failures apart. */
export function countedVerificationProvider(
  provider: VerificationProvider,
  metrics: ServerMetrics,
): VerificationProvider {
  return {
    kind: provider.kind,
    async send(request) {
      let sent;
      try {
        sent = await provider.send(request);
      } catch (error) {
        metrics.messageFailed(request.channel);
        throw error;
      }
      metrics.messageSent(request.channel);
      return sent;
    },
    check: (request) => provider.check(request),
  };
}
