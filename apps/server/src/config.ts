import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import {
  twilioConfigs,
  twilioEnv,
  type TwilioMessagingConfig,
  type TwilioVerifyConfig,
} from './twilio-config';

export type { TwilioMessagingConfig, TwilioVerifyConfig };
import { SIGNALING_LIMITS } from '@seguridad/contracts/realtime/call';
import { serverRoot } from './server-root';

/** The demo accounts' passwords the README prints: never valid while demo mode is off. */
export const DEFAULT_DEMO_PASSWORDS = { operator: 'operador-demo-2026', citizen: 'ciudadano-demo-2026' };

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const urlWithProtocols = (protocols: string[]) =>
  z.url().refine((value) => protocols.some((protocol) => value.startsWith(`${protocol}://`)), {
    message: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
  });

/** A TURN server URL as WebRTC takes it: `turn:host[:port][?transport=udp|tcp]`, or `turns:`. */
export const TURN_URL_PATTERN =
  /^turns?:(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)(?::\d{1,5})?(?:\?transport=(?:udp|tcp))?$/;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Loopback by default: the demo (known passwords, the outbox) is never reachable from another host. */
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Demo accounts with known passwords and the outbox page; unset: on only when listening on loopback. */
  DEMO_MODE: z.enum(['1', '0']).optional(),
  /** Open Socket.IO connections one IP may hold on this process. */
  SOCKETS_PER_IP_MAX: z.coerce.number().int().positive().default(20),
  /** How long a request (an upload included) may take in all before the server cuts it off. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(600_000),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  /** Base of every link the server writes into e-mails; never taken from the request's Host. */
  PUBLIC_BASE_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('data'),
  /** Unset: files live under `DATA_DIR/uploads`. Set: every file goes to this S3-compatible bucket. */
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name (3-63 lowercase letters, digits, dots, dashes)',
    )
    .optional(),
  /** The store's address for MinIO, Ceph RGW or another S3-compatible store; unset for AWS. */
  S3_ENDPOINT: urlWithProtocols(['https', 'http']).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Unset (with the secret): the SDK's own chain (environment, instance role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** `endpoint/bucket/key` addresses, which most self-hosted stores need; AWS uses `bucket.endpoint/key`. */
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
  DATABASE_URL: urlWithProtocols(['postgres', 'postgresql']).optional(),
  REDIS_URL: urlWithProtocols(['redis', 'rediss']).optional(),
  SMTP_URL: urlWithProtocols(['smtp', 'smtps']).optional(),
  MAIL_FROM: z.string().min(3).default('Plataforma de Seguridad <no-responder@localhost>'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  /**
   * How long the hashed files of a replaced build stay servable, so pages opened before a deploy
   * keep loading their chunks (decision 055); where they are kept (default `DATA_DIR/web-assets`).
   */
  WEB_ASSETS_KEPT_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  WEB_ASSETS_KEPT_DIR: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFromEnv.default(false),
  /** Requests an IP may make to the API per minute before a 429; auth routes set tighter limits. */
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  /** With Redis: how often each process adds its share of those counts there and reads the others'. */
  RATE_LIMIT_SYNC_MS: z.coerce.number().int().min(10).max(60_000).default(1_000),
  /** Contact messages and video mails one IP may send per 10 minutes (anonymous, so kept low). */
  WIDGET_SUBMISSIONS_MAX: z.coerce.number().int().positive().default(5),
  /** Sign-in, sign-up, reset and code requests one IP may make per minute. */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(20),
  /**
   * How many accounts' worth of sign-in attempts one address may make in a window: an office or a
   * mobile carrier puts many people behind one IP.
   */
  AUTH_ATTEMPTS_IP_FACTOR: z.coerce.number().int().positive().default(5),
  /** Video calls one IP may start per 10 minutes (anonymous callers; e2e and bench raise it). */
  VIDEO_CALLS_MAX: z.coerce.number().int().positive().default(10),
  /** Wheel spins one IP may ask for per minute (a spin takes 6 s on the page). */
  WHEEL_SPINS_MAX: z.coerce.number().int().positive().default(30),
  /** Files one IP may attach in call chats per 10 minutes. */
  CALL_ATTACHMENTS_MAX: z.coerce.number().int().positive().default(30),
  /** How long a call participant whose socket dropped keeps its place (tests shorten it). */
  CALL_RECONNECT_GRACE_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(SIGNALING_LIMITS.reconnectGraceMs),
  /**
   * Bearer token that opens `GET /metrics` on the public port (Prometheus's `authorization`).
   * Long enough not to be guessed: the metrics tell how busy the centre is.
   */
  METRICS_TOKEN: z.string().min(32).optional(),
  /** A second listener on 127.0.0.1 that serves only the metrics, without a token. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  /** Comma-separated TURN URLs of the relay (coturn), e.g. `turn:turn.example.cl:3478,turns:turn.example.cl:5349`. */
  TURN_URLS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((url) => url.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().regex(TURN_URL_PATTERN, 'must look like turn:host[:port] or turns:host[:port]'))
        .min(1),
    )
    .optional(),
  /** coturn's `static-auth-secret` (`use-auth-secret`): TURN credentials are HMACs of it. */
  TURN_SECRET: z.string().min(16).optional(),
  /** How long the TURN credentials handed to a call member stay valid. */
  TURN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  /** Signs short-lived media URLs; set the same value on every process behind one load balancer. */
  MEDIA_URL_SECRET: z.string().min(32).optional(),
  /** Signs the voice tokens of `GET /api/token` (phone calls); same value on every process. */
  VOICE_TOKEN_SECRET: z.string().min(32).optional(),
  /** How long a voice token may wait before its phone call is created. */
  VOICE_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(600),
  /** Voice tokens one IP may ask for per 10 minutes (anonymous callers; e2e raises it). */
  VOICE_TOKENS_MAX: z.coerce.number().int().positive().default(20),
  /** Callback requests one IP may leave per 10 minutes (anonymous, so kept low). */
  CALLBACKS_MAX: z.coerce.number().int().positive().default(5),
  /** Call links one operator may send per 10 minutes, and one phone may receive per hour (decision 061). */
  CALL_LINKS_PER_OPERATOR_MAX: z.coerce.number().int().positive().default(10),
  CALL_LINKS_PER_PHONE_MAX: z.coerce.number().int().positive().default(3),
  /** How the product names itself in e-mails and SMS (the website's brand is set at build time). */
  BRAND_NAME: z.string().min(1).default('Comunidad Segura'),
  ...twilioEnv,
  /** Flow's API: `https://sandbox.flow.cl/api` or `https://www.flow.cl/api` (with the key pair below). */
  FLOW_API_URL: urlWithProtocols(['https', 'http']).optional(),
  FLOW_API_KEY: z.string().min(1).optional(),
  FLOW_SECRET_KEY: z.string().min(1).optional(),
  /** How long one call to Flow may take before it counts as failed. */
  FLOW_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(5_000),
  /** How often each process reconciles pending payments and unsent receipts (decision 021). */
  PAYMENT_SWEEP_INTERVAL_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(300_000),
  /** The first reconciliation after start, late enough not to slow the start down. */
  PAYMENT_SWEEP_FIRST_DELAY_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
  /** How old a pending order must be before the sweep asks Flow: the buyer may be paying right now. */
  PAYMENT_SWEEP_MIN_AGE_MS: z.coerce.number().int().min(0).max(86_400_000).default(600_000),
  SEED_COMPANY_KEY: z.string().min(16).optional(),
  SEED_COMPANY_NAME: z.string().min(1).default('Central de Seguridad Regional'),
  /** Comma-separated origins the seeded company lets embed its widget (first start only). */
  SEED_ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url())),
  SEED_OPERATOR_PASSWORD: z.string().min(8).default(DEFAULT_DEMO_PASSWORDS.operator),
  SEED_CITIZEN_PASSWORD: z.string().min(8).default(DEFAULT_DEMO_PASSWORDS.citizen),
});

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  host: string;
  port: number;
  /**
   * Demo accounts keep their known passwords and the outbox page is served. `demoModeExplicit`:
   * the deployer set `DEMO_MODE=1`, so the outbox answers any address, not only loopback.
   */
  demoMode: boolean;
  demoModeExplicit: boolean;
  /**
   * Whether staff must confirm a phone before the console opens, while their company has not
   * chosen: yes in production, except a demo (its accounts' passwords are public and no SMS leaves).
   */
  staffTwoStepByDefault: boolean;
  socketsPerIpMax: number;
  requestTimeoutMs: number;
  publicBaseUrl: string;
  dataDir: string;
  /** Where uploaded files live (docs/decisions/029-object-storage-and-resumable-uploads.md). */
  storage: StorageConfig;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  webDistDir: string;
  /** Hashed files of replaced builds, still served (decision 055). */
  webAssetsKept: { dir: string; days: number };
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  trustProxy: boolean;
  rateLimitMax: number;
  rateLimitSyncMs: number;
  widgetSubmissionsMax: number;
  authRateLimitMax: number;
  authAttemptsIpFactor: number;
  videoCallsMax: number;
  voiceToken: { secret: string; ttlSeconds: number; perIpMax: number };
  callbacksMax: number;
  callLinks: { perOperatorMax: number; perPhoneMax: number };
  callAttachmentsMax: number;
  wheelSpinsMax: number;
  callReconnectGraceMs: number;
  /**
   * Prometheus metrics: `GET /metrics` with the bearer `token`, and/or a loopback listener on
   * `port`. Undefined (neither set): no endpoint, no per-request measurement.
   */
  metrics: { token: string | undefined; port: number | undefined } | undefined;
  /** The TURN relay handed to call members; undefined: peers connect directly. */
  turn: { urls: string[]; secret: string; ttlSeconds: number } | undefined;
  brandName: string;
  mediaUrlSecret: string;
  twilio: TwilioVerifyConfig | undefined;
  /** Twilio Messaging for call links (decision 061); undefined: the outbox keeps them. */
  twilioMessaging: TwilioMessagingConfig | undefined;
  /**
   * Where payments go: Flow itself (`FLOW_*` set); the built-in simulator in demo mode only, with
   * a key pair made at start; or nowhere (no demo mode and no `FLOW_*`: purchases answer 503).
   */
  flow: FlowConfig;
  /** The payment reconciliation's schedule (docs/decisions/021-payment-reconciliation.md). */
  paymentSweep: { intervalMs: number; firstDelayMs: number; minAgeMs: number };
  seed: {
    companyKey: string | undefined;
    companyName: string;
    allowedOrigins: string[];
    operatorPassword: string;
    citizenPassword: string;
  };
};

export type StorageConfig =
  | { engine: 'local' }
  | {
      engine: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
    };

export type FlowConfig =
  | { mode: 'flow' | 'simulator'; apiUrl: string; apiKey: string; secretKey: string; timeoutMs: number }
  | { mode: 'disabled'; timeoutMs: number };

/** The simulator's API lives on our own server, under the public base URL. */
export const FLOW_SIMULATOR_API_PATH = '/dev/flow/api';

/** Whether a listen address (or a peer's address) is this machine only. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare === '::1') return true;
  const ipv4 = bare.startsWith('::ffff:') ? bare.slice(7) : bare;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ipv4);
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

/** Reads the whole environment once, and reports every bad variable together rather than the first. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const vars = parsed.data;
  const twilio = twilioConfigs(vars);
  if (twilio.problem) throw new ConfigError([twilio.problem]);
  const flowVars = [vars.FLOW_API_URL, vars.FLOW_API_KEY, vars.FLOW_SECRET_KEY];
  if (flowVars.some(Boolean) && !flowVars.every(Boolean)) {
    throw new ConfigError(['FLOW_*: set FLOW_API_URL, FLOW_API_KEY and FLOW_SECRET_KEY together, or none']);
  }
  if (Boolean(vars.S3_ACCESS_KEY_ID) !== Boolean(vars.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(['S3_*: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together, or none']);
  }
  if (!vars.S3_BUCKET && (vars.S3_ENDPOINT || vars.S3_ACCESS_KEY_ID)) {
    throw new ConfigError(['S3_BUCKET: required when S3_ENDPOINT or S3_ACCESS_KEY_ID is set']);
  }
  if (Boolean(vars.TURN_URLS) !== Boolean(vars.TURN_SECRET)) {
    throw new ConfigError(['TURN_*: set TURN_URLS and TURN_SECRET together, or none']);
  }
  if (vars.METRICS_PORT !== undefined && vars.METRICS_PORT === vars.PORT) {
    throw new ConfigError(['METRICS_PORT: must differ from PORT']);
  }
  const root = serverRoot();
  const publicBaseUrl = (vars.PUBLIC_BASE_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, '');
  const demoMode = vars.DEMO_MODE
    ? vars.DEMO_MODE === '1'
    : vars.NODE_ENV !== 'production' && isLoopbackHost(vars.HOST);
  return {
    env: vars.NODE_ENV,
    isProduction: vars.NODE_ENV === 'production',
    host: vars.HOST,
    port: vars.PORT,
    demoMode,
    demoModeExplicit: vars.DEMO_MODE === '1',
    staffTwoStepByDefault: vars.NODE_ENV === 'production' && !demoMode,
    socketsPerIpMax: vars.SOCKETS_PER_IP_MAX,
    requestTimeoutMs: vars.REQUEST_TIMEOUT_MS,
    publicBaseUrl,
    dataDir: path.resolve(vars.DATA_DIR),
    storage: storageConfig(vars),
    databaseUrl: vars.DATABASE_URL,
    redisUrl: vars.REDIS_URL,
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM,
    webDistDir: path.resolve(vars.WEB_DIST_DIR ?? path.join(root, '..', 'web', 'dist')),
    webAssetsKept: {
      dir: path.resolve(vars.WEB_ASSETS_KEPT_DIR ?? path.join(vars.DATA_DIR, 'web-assets')),
      days: vars.WEB_ASSETS_KEPT_DAYS,
    },
    logLevel: vars.LOG_LEVEL,
    trustProxy: vars.TRUST_PROXY,
    rateLimitMax: vars.RATE_LIMIT_MAX,
    rateLimitSyncMs: vars.RATE_LIMIT_SYNC_MS,
    widgetSubmissionsMax: vars.WIDGET_SUBMISSIONS_MAX,
    authRateLimitMax: vars.AUTH_RATE_LIMIT_MAX,
    authAttemptsIpFactor: vars.AUTH_ATTEMPTS_IP_FACTOR,
    videoCallsMax: vars.VIDEO_CALLS_MAX,
    voiceToken: {
      // A secret made at start works for one process; several processes need the same one set.
      secret: vars.VOICE_TOKEN_SECRET ?? randomBytes(32).toString('base64url'),
      ttlSeconds: vars.VOICE_TOKEN_TTL_SECONDS,
      perIpMax: vars.VOICE_TOKENS_MAX,
    },
    callbacksMax: vars.CALLBACKS_MAX,
    callLinks: {
      perOperatorMax: vars.CALL_LINKS_PER_OPERATOR_MAX,
      perPhoneMax: vars.CALL_LINKS_PER_PHONE_MAX,
    },
    callAttachmentsMax: vars.CALL_ATTACHMENTS_MAX,
    wheelSpinsMax: vars.WHEEL_SPINS_MAX,
    callReconnectGraceMs: vars.CALL_RECONNECT_GRACE_MS,
    metrics:
      vars.METRICS_TOKEN || vars.METRICS_PORT !== undefined
        ? { token: vars.METRICS_TOKEN, port: vars.METRICS_PORT }
        : undefined,
    turn:
      vars.TURN_URLS && vars.TURN_SECRET
        ? { urls: vars.TURN_URLS, secret: vars.TURN_SECRET, ttlSeconds: vars.TURN_TTL_SECONDS }
        : undefined,
    brandName: vars.BRAND_NAME,
    mediaUrlSecret: vars.MEDIA_URL_SECRET ?? randomBytes(32).toString('base64url'),
    twilio: twilio.verify,
    twilioMessaging: twilio.messaging,
    flow: flowConfig(vars, publicBaseUrl, demoMode),
    paymentSweep: {
      intervalMs: vars.PAYMENT_SWEEP_INTERVAL_MS,
      firstDelayMs: vars.PAYMENT_SWEEP_FIRST_DELAY_MS,
      minAgeMs: vars.PAYMENT_SWEEP_MIN_AGE_MS,
    },
    seed: {
      companyKey: vars.SEED_COMPANY_KEY,
      companyName: vars.SEED_COMPANY_NAME,
      allowedOrigins: vars.SEED_ALLOWED_ORIGINS,
      operatorPassword: vars.SEED_OPERATOR_PASSWORD,
      citizenPassword: vars.SEED_CITIZEN_PASSWORD,
    },
  };
}

function storageConfig(vars: z.infer<typeof envSchema>): StorageConfig {
  if (!vars.S3_BUCKET) return { engine: 'local' };
  return {
    engine: 's3',
    bucket: vars.S3_BUCKET,
    region: vars.S3_REGION,
    endpoint: vars.S3_ENDPOINT,
    credentials:
      vars.S3_ACCESS_KEY_ID && vars.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: vars.S3_ACCESS_KEY_ID, secretAccessKey: vars.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: vars.S3_FORCE_PATH_STYLE,
  };
}

function flowConfig(vars: z.infer<typeof envSchema>, publicBaseUrl: string, demoMode: boolean): FlowConfig {
  const timeoutMs = vars.FLOW_TIMEOUT_MS;
  if (vars.FLOW_API_URL && vars.FLOW_API_KEY && vars.FLOW_SECRET_KEY) {
    return {
      mode: 'flow',
      apiUrl: vars.FLOW_API_URL.replace(/\/+$/, ''),
      apiKey: vars.FLOW_API_KEY,
      secretKey: vars.FLOW_SECRET_KEY,
      timeoutMs,
    };
  }
  // The simulator marks orders paid for nothing: it exists only where the outbox does (demo mode),
  // never on a server that merely forgot `NODE_ENV` while listening on the network.
  if (!demoMode) return { mode: 'disabled', timeoutMs };
  return {
    mode: 'simulator',
    apiUrl: `${publicBaseUrl}${FLOW_SIMULATOR_API_PATH}`,
    apiKey: `SIM-${randomBytes(12).toString('hex').toUpperCase()}`,
    secretKey: randomBytes(20).toString('hex'),
    timeoutMs,
  };
}

/**
 * What a production server that is not a demo cannot send, so its messages stay in the outbox and
 * reach nobody: `mail` without `SMTP_URL`, `sms` without Twilio's three variables.
 */
export function missingSenders(
  config: Pick<AppConfig, 'isProduction' | 'demoMode' | 'smtpUrl' | 'twilio'>,
): Array<'mail' | 'sms'> {
  if (!config.isProduction || config.demoMode) return [];
  const missing: Array<'mail' | 'sms'> = [];
  if (!config.smtpUrl) missing.push('mail');
  if (!config.twilio) missing.push('sms');
  return missing;
}

/**
 * Whether a code sent by SMS or WhatsApp reaches a phone: with Twilio, and in development, tests
 * and demo mode, where the outbox (the dev mailbox) is how codes are read. A production server
 * without Twilio says so and offers the authenticator app instead (decision 054).
 */
export function smsAvailable(config: Parameters<typeof missingSenders>[0]): boolean {
  return !missingSenders(config).includes('sms');
}
