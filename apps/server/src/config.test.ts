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
});
