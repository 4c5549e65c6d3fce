import { describe, expect, it } from 'vitest';
import { ConfigError, isLoopbackHost, loadConfig } from './config';

describe('loadConfig', () => {
  it('starts with no variables at all, on the embedded defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicBaseUrl).toBe('http://localhost:3000');
    expect(config.isProduction).toBe(false);
  });

  it('points payments at the simulator by default, at Flow with FLOW_*, and nowhere outside demo mode', () => {
    const simulator = loadConfig({ PUBLIC_BASE_URL: 'http://localhost:4000' }).flow;
    expect(simulator).toMatchObject({ mode: 'simulator', apiUrl: 'http://localhost:4000/dev/flow/api' });
    const flow = loadConfig({
      FLOW_API_URL: 'https://sandbox.flow.cl/api/',
      FLOW_API_KEY: 'clave',
      FLOW_SECRET_KEY: 'secreto',
    }).flow;
    expect(flow).toMatchObject({ mode: 'flow', apiUrl: 'https://sandbox.flow.cl/api', timeoutMs: 5000 });
    expect(loadConfig({ NODE_ENV: 'production' }).flow.mode).toBe('disabled');
    // Outside demo mode (on the network without NODE_ENV) the simulator would sell for nothing.
    expect(loadConfig({ HOST: '0.0.0.0' }).flow.mode).toBe('disabled');
    expect(loadConfig({ HOST: '0.0.0.0', DEMO_MODE: '1' }).flow.mode).toBe('simulator');
    expect(() => loadConfig({ FLOW_API_URL: 'https://www.flow.cl/api' })).toThrow(/FLOW_\*/);
    expect(() => loadConfig({ FLOW_API_KEY: 'k', FLOW_SECRET_KEY: 's', FLOW_API_URL: 'ftp://x' })).toThrow(
      ConfigError,
    );
  });

  it('exposes metrics only with METRICS_TOKEN (32+ characters) or METRICS_PORT (not the PORT)', () => {
    expect(loadConfig({}).metrics).toBeUndefined();
    const token = 'x'.repeat(32);
    expect(loadConfig({ METRICS_TOKEN: token }).metrics).toEqual({ token, port: undefined });
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ token: undefined, port: 9464 });
    expect(() => loadConfig({ METRICS_TOKEN: 'corto' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_PORT: '3000' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
  });

  it('lists every bad variable at once', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', REDIS_URL: 'http://x', NODE_ENV: 'staging' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'REDIS_URL', 'NODE_ENV']) expect(problems).toContain(name);
  });

  it('treats empty variables as unset and trims the public base URL', () => {
    const config = loadConfig({ DATABASE_URL: '', PUBLIC_BASE_URL: 'https://seguridad.example.cl/' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicBaseUrl).toBe('https://seguridad.example.cl');
  });

  it('reads the call limits and the TURN relay, which needs its URLs and secret together', () => {
    const defaults = loadConfig({});
    expect(defaults.videoCallsMax).toBe(10);
    expect(defaults.callReconnectGraceMs).toBe(20_000);
    expect(defaults.turn).toBeUndefined();

    const config = loadConfig({
      VIDEO_CALLS_MAX: '1000',
      TURN_URLS: 'turn:turn.example.cl:3478?transport=udp, turns:turn.example.cl:5349',
      TURN_SECRET: 'un-secreto-largo-de-coturn',
    });
    expect(config.videoCallsMax).toBe(1000);
    expect(config.turn).toEqual({
      urls: ['turn:turn.example.cl:3478?transport=udp', 'turns:turn.example.cl:5349'],
      secret: 'un-secreto-largo-de-coturn',
      ttlSeconds: 3600,
    });

    expect(() => loadConfig({ TURN_URLS: 'turn:turn.example.cl' })).toThrow(/TURN_URLS and TURN_SECRET/);
    for (const env of [
      { TURN_URLS: 'http://turn.example.cl', TURN_SECRET: 'un-secreto-largo-de-coturn' },
      { TURN_URLS: 'turn:turn.example.cl', TURN_SECRET: 'corto' },
    ]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
    }
  });

  it('listens on loopback by default, where demo mode is on', () => {
    const config = loadConfig({});
    expect(config.host).toBe('127.0.0.1');
    expect(config.demoMode).toBe(true);
    expect(config.demoModeExplicit).toBe(false);
  });

  it.each([
    // [NODE_ENV, HOST, DEMO_MODE, demoMode, explicit]
    [undefined, undefined, undefined, true, false],
    ['development', 'localhost', undefined, true, false],
    ['test', '127.0.0.2', undefined, true, false],
    ['development', '::1', undefined, true, false],
    ['development', '0.0.0.0', undefined, false, false],
    ['development', '::', undefined, false, false],
    ['development', '192.168.1.10', undefined, false, false],
    ['production', '127.0.0.1', undefined, false, false],
    ['production', '0.0.0.0', undefined, false, false],
    ['development', '0.0.0.0', '1', true, true],
    ['production', '0.0.0.0', '1', true, true],
    ['development', '127.0.0.1', '0', false, false],
    ['production', '127.0.0.1', '0', false, false],
  ] as const)(
    'NODE_ENV=%s HOST=%s DEMO_MODE=%s: demo mode %s (explicit %s)',
    (nodeEnv, host, demo, on, explicit) => {
      const env: Record<string, string> = {};
      if (nodeEnv) env.NODE_ENV = nodeEnv;
      if (host) env.HOST = host;
      if (demo) env.DEMO_MODE = demo;
      const config = loadConfig(env);
      expect(config.demoMode).toBe(on);
      expect(config.demoModeExplicit).toBe(explicit);
      expect(config.isProduction).toBe(nodeEnv === 'production');
      // Staff confirm a phone by default in production, but not in a demo, whose passwords are public.
      expect(config.staffTwoStepByDefault).toBe(nodeEnv === 'production' && !on);
    },
  );

  it('shares the API ceiling through Redis once a second unless told otherwise, within 10 ms to 60 s', () => {
    expect(loadConfig({}).rateLimitSyncMs).toBe(1_000);
    expect(loadConfig({ RATE_LIMIT_SYNC_MS: '250' }).rateLimitSyncMs).toBe(250);
    for (const bad of ['5', '60001', 'often', '1.5']) {
      expect(() => loadConfig({ RATE_LIMIT_SYNC_MS: bad })).toThrow(/RATE_LIMIT_SYNC_MS/);
    }
  });

  it('keeps files on the local disk by default, and in the bucket of S3_* when given one', () => {
    expect(loadConfig({}).storage).toEqual({ engine: 'local' });
    expect(
      loadConfig({
        S3_BUCKET: 'seguridad-archivos',
        S3_ENDPOINT: 'https://minio.example.cl:9000',
        S3_ACCESS_KEY_ID: 'AKIA',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).storage,
    ).toEqual({
      engine: 's3',
      bucket: 'seguridad-archivos',
      region: 'us-east-1',
      endpoint: 'https://minio.example.cl:9000',
      credentials: { accessKeyId: 'AKIA', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    // On AWS with an instance role: no endpoint, no key pair.
    expect(loadConfig({ S3_BUCKET: 'seguridad', S3_REGION: 'sa-east-1' }).storage).toMatchObject({
      region: 'sa-east-1',
      endpoint: undefined,
      credentials: undefined,
      forcePathStyle: false,
    });
  });

  it('refuses an incomplete or malformed S3 configuration, naming what is wrong', () => {
    expect(() => loadConfig({ S3_BUCKET: 'Mal_Nombre' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'ok-bucket', S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ S3_BUCKET: 'ok-bucket', S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together/,
    );
    expect(() => loadConfig({ S3_ENDPOINT: 'https://minio.example.cl' })).toThrow(/S3_BUCKET: required/);
    expect(() => loadConfig({ S3_BUCKET: 'ok-bucket', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      /S3_FORCE_PATH_STYLE/,
    );
  });

  it('refuses a DEMO_MODE other than 1 or 0', () => {
    expect(() => loadConfig({ DEMO_MODE: 'yes' })).toThrow(/DEMO_MODE/);
  });

  it('tells loopback addresses from others', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1', '127.1.2.3'])
      expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['0.0.0.0', '::', '10.0.0.1', '::ffff:10.0.0.1', '128.0.0.1', 'example.cl', ''])
      expect(isLoopbackHost(host)).toBe(false);
  });
});
