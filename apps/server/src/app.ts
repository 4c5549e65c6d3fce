import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pino, type DestinationStream } from 'pino';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/client';
import { mailPlugin } from './integrations/mail/mail-plugin';
import { storagePlugin } from './integrations/storage/storage-plugin';
import { flowPlugin } from './integrations/flow/flow-plugin';
import { flowSimulatorRoutes } from './integrations/flow/flow-simulator-routes';
import type { MailSender } from './integrations/mail/mail-sender';
import { verificationPlugin } from './integrations/verification/verification-plugin';
import type { VerificationProvider } from './integrations/verification/verification-provider';
import { accountRoutes } from './modules/auth/account-routes';
import { authRoutes } from './modules/auth/auth-routes';
import { authenticatorRoutes } from './modules/auth/authenticator-routes';
import { promoPhoneRoutes } from './modules/auth/promo-phone-routes';
import { sessionAuthPlugin } from './modules/identity/session-auth-plugin';
import { attachmentRoutes } from './modules/calls/attachment-routes';
import { callRoutes } from './modules/calls/call-routes';
import { callbackRoutes } from './modules/callbacks/callback-routes';
import { callLinkRoutes } from './modules/calls/call-link-routes';
import { messagingPlugin } from './integrations/messaging/messaging-plugin';
import type { MessageSender } from './integrations/messaging/message-sender';
import { operatorCallRoutes } from './modules/calls/operator-call-routes';
import { ratingRoutes } from './modules/ratings/rating-routes';
import { consentRoutes } from './modules/consents/consent-routes';
import { reportRoutes } from './modules/reports/report-routes';
import { availabilityRoutes } from './modules/availability/availability-routes';
import { offerRoutes } from './modules/calls/offer-routes';
import { companyRoutes } from './modules/company/company-routes';
import { devMailboxRoutes } from './modules/dev/dev-mailbox-routes';
import { healthRoutes } from './modules/health/health-routes';
import { networkRoutes } from './modules/networks/network-routes';
import { mediaRoutes } from './modules/operator/media-routes';
import { callVideoRoutes } from './modules/call-videos/call-video-routes';
import { accountDeletionRoutes } from './modules/data-rights/account-deletion-routes';
import { dataRequestRoutes } from './modules/data-rights/data-request-routes';
import { dataExportJobPlugin } from './modules/data-rights/data-export-job';
import { dataExportRoutes } from './modules/data-rights/data-export-routes';
import { retentionJobPlugin } from './modules/data-rights/retention-job';
import { outboxExpiryJobPlugin } from './integrations/outbox-expiry-job';
import { retentionRoutes } from './modules/data-rights/retention-routes';
import { recordingRetentionPlugin } from './modules/recordings/recording-retention';
import { recordingRoutes } from './modules/recordings/recording-routes';
import { operatorAccessPlugin } from './modules/membership/operator-access';
import { routeAccessPlugin } from './plugins/route-access';
import { operatorRealtimePlugin } from './modules/operator/operator-realtime';
import { operatorRoutes } from './modules/operator/operator-routes';
import { catalogRoutes } from './modules/payments/catalog-routes';
import { flowCallbackRoutes } from './modules/payments/flow-callback-routes';
import { paymentReconciliationPlugin } from './modules/payments/payment-reconciliation-plugin';
import { paymentsRoutes } from './modules/payments/payments-routes';
import { drawRoutes } from './modules/promo/draw-routes';
import { promoRoutes } from './modules/promo/promo-routes';
import { winnersRoutes } from './modules/promo/winners-routes';
import { deviceRoutes } from './modules/settings/device-routes';
import { profileRoutes } from './modules/settings/profile-routes';
import { sessionRoutes } from './modules/settings/session-routes';
import { staffInvitationRoutes } from './modules/staff/invitation-routes';
import { teamRoutes } from './modules/staff/team-routes';
import { auditRoutes } from './modules/audit/audit-routes';
import { webRoutes } from './modules/web/web-routes';
import { wheelRoutes } from './modules/wheel/wheel-routes';
import { videoMailUploadRoutes } from './modules/widget/video-mail-upload-routes';
import { videoMailUploadSweepPlugin } from './modules/widget/video-mail-upload-sweep';
import { widgetRoutes } from './modules/widget/widget-routes';
import { apiDocsPlugin } from './plugins/api-docs';
import { attemptsPlugin } from './plugins/attempts';
import { companyKeyPlugin } from './modules/company/company-key-plugin';
import { errorsPlugin } from './plugins/errors';
import { inputGuardPlugin } from './plugins/input-guard';
import { metricsPlugin } from './plugins/metrics/metrics-plugin';
import { rateLimitPlugin } from './plugins/rate-limit';
import { redisPlugin } from './plugins/redis';
import { responseSerializerCompiler } from './plugins/response-serializer';
import { securityHeadersPlugin } from './plugins/security-headers';
import { callRealtimePlugin } from './realtime/call-realtime';
import { realtimePlugin } from './realtime/realtime-plugin';
import { supervisionNotifierPlugin } from './modules/supervision/supervision-notifier';
import { supervisionRoutes } from './modules/supervision/supervision-routes';

// Validation messages that no schema spells out itself come in Spanish too.
z.config(z.locales.es());

export type AppDependencies = {
  config: AppConfig;
  database: DatabaseHandle;
  /** Replaces the configured mail sender (tests). */
  mail?: MailSender;
  /** Replaces the configured SMS/WhatsApp verification provider (tests). */
  verification?: VerificationProvider;
  /** Call links' SMS and WhatsApp (decision 061): tests pass a stand-in; Twilio or the outbox otherwise. */
  messages?: MessageSender;
  /** `false` silences the log; a level (and a stream, for tests) replaces the configured ones. */
  logger?: boolean | { level: string; stream?: DestinationStream };
};

const appConfigPlugin = fp(
  async function appConfigPlugin(app: FastifyInstance, deps: Pick<AppDependencies, 'config' | 'database'>) {
    app.decorate('config', deps.config);
    app.decorate('database', deps.database);
  },
  { name: 'app-config' },
);

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: DatabaseHandle;
  }
}

/** Composes the whole server. `main.ts` only opens the database, calls this and listens. */
export async function buildApp(deps: AppDependencies) {
  const requestLogging = ['debug', 'trace'].includes(deps.config.logLevel);
  const logger = processLogger(deps);
  const app = Fastify({
    ...(requestLogging
      ? { loggerInstance: logger }
      : // Without request lines Fastify is told of no logger of its own: given one, it puts two
        // listeners and two clock reads on every response only to write those lines
        // (bench/measurements/hot-path/025-no-request-listeners.md). Its warnings about a reply, and our failure
        // lines, still reach the logger: every request's `log` is it (no pino child per request,
        // decision 035), and so is `app.log` below.
        { childLoggerFactory: () => logger }),
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A request, an upload included, gets this long in all; a stalled one is cut off with a 408.
    requestTimeout: deps.config.requestTimeoutMs,
    forceCloseConnections: 'idle',
    // Node checks request timeouts on this interval (30 s by default): keep it well under the bound.
    // Node only applies `requestTimeout` given at construction, so it is passed here too.
    http: {
      requestTimeout: deps.config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(30_000, Math.ceil(deps.config.requestTimeoutMs / 4)),
    },
    // One line per request only when debugging; the load balancer keeps access logs.
    logController: new LogController({ disableRequestLogging: !requestLogging }),
  }).withTypeProvider<ZodTypeProvider>();
  // Plugins are instances derived from this one and read `log` through it.
  app.log = logger;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  await app.register(appConfigPlugin, { config: deps.config, database: deps.database });
  await app.register(metricsPlugin);
  await app.register(errorsPlugin);
  await app.register(inputGuardPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(redisPlugin);
  await app.register(attemptsPlugin);
  await app.register(rateLimitPlugin);
  await app.register(apiDocsPlugin);
  await app.register(mailPlugin, deps.mail ? { sender: deps.mail } : {});
  await app.register(verificationPlugin, deps.verification ? { provider: deps.verification } : {});
  await app.register(messagingPlugin, deps.messages ? { sender: deps.messages } : {});
  await app.register(flowPlugin);
  await app.register(companyKeyPlugin);
  await app.register(sessionAuthPlugin);
  await app.register(operatorAccessPlugin);
  // After the guards it installs, before every route.
  await app.register(routeAccessPlugin);
  await app.register(storagePlugin);
  await app.register(realtimePlugin);
  await app.register(operatorRealtimePlugin);
  await app.register(supervisionNotifierPlugin);
  await app.register(callRealtimePlugin);
  await app.register(recordingRetentionPlugin);
  await app.register(videoMailUploadSweepPlugin);
  await app.register(paymentReconciliationPlugin);
  await app.register(retentionJobPlugin);
  await app.register(dataExportJobPlugin);
  await app.register(outboxExpiryJobPlugin);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(accountDeletionRoutes);
  await app.register(authenticatorRoutes);
  await app.register(profileRoutes);
  await app.register(deviceRoutes);
  await app.register(sessionRoutes);
  await app.register(companyRoutes);
  await app.register(widgetRoutes);
  await app.register(videoMailUploadRoutes);
  await app.register(operatorRoutes);
  await app.register(mediaRoutes);
  await app.register(recordingRoutes);
  await app.register(retentionRoutes);
  await app.register(dataRequestRoutes);
  await app.register(dataExportRoutes);
  await app.register(callRoutes);
  await app.register(callbackRoutes);
  await app.register(callLinkRoutes);
  await app.register(operatorCallRoutes);
  await app.register(ratingRoutes);
  await app.register(consentRoutes);
  await app.register(reportRoutes);
  await app.register(availabilityRoutes);
  await app.register(offerRoutes);
  await app.register(supervisionRoutes);
  await app.register(attachmentRoutes);
  await app.register(callVideoRoutes);
  await app.register(winnersRoutes);
  await app.register(catalogRoutes);
  await app.register(paymentsRoutes);
  await app.register(flowCallbackRoutes);
  await app.register(wheelRoutes);
  // Flow's stand-in: registered only when the config points the client at it (never in production).
  if (deps.config.flow.mode === 'simulator') await app.register(flowSimulatorRoutes);
  await app.register(promoRoutes);
  await app.register(promoPhoneRoutes);
  await app.register(drawRoutes);
  await app.register(networkRoutes);
  await app.register(staffInvitationRoutes);
  await app.register(teamRoutes);
  await app.register(auditRoutes);
  if (deps.config.demoMode) await app.register(devMailboxRoutes);
  await app.register(webRoutes);

  return app;
}

function processLogger({ logger: given, config }: AppDependencies): FastifyBaseLogger {
  if (given === false) return pino({ level: 'silent' });
  if (typeof given !== 'object') return pino({ level: config.logLevel });
  return given.stream ? pino({ level: given.level }, given.stream) : pino({ level: given.level });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
