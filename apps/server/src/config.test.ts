import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('starts with no variables at all, on the embedded defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicBaseUrl).toBe('http://localhost:3000');
    expect(config.isProduction).toBe(false);
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
});
