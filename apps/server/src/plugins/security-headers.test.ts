import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../testing/test-app';

describe('security headers', () => {
  let direct: TestContext;
  let proxied: TestContext;
  beforeAll(async () => {
    direct = await createTestApp();
    proxied = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await direct.close();
    await proxied.close();
  });

  it('sends no HSTS over plain HTTP', async () => {
    const response = await direct.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('ignores X-Forwarded-Proto from a client that is not a trusted proxy', async () => {
    const response = await direct.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS on requests that came over HTTPS through the trusted proxy', async () => {
    const response = await proxied.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    const plain = await proxied.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});
