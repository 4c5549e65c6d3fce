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
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
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

  it('gives API replies the short API set: nothing runs, nothing frames or reads them from elsewhere', async () => {
    for (const url of ['/api/health', '/api/company/specialities', '/api/no-such-route']) {
      const response = await direct.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy']).toBe(
        "default-src 'none'; img-src 'self'; media-src 'self'; frame-ancestors 'self'",
      );
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      // Page-only headers stay off JSON.
      expect(response.headers['permissions-policy']).toBeUndefined();
      expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
    }
  });

  it('gives everything else, and the API docs page, the full page set', async () => {
    for (const url of ['/no-such-page', '/api/docs', '/%61pi/health']) {
      const response = await direct.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(response.headers['permissions-policy'], url).toContain('camera=(self)');
      expect(response.headers['cross-origin-opener-policy'], url).toBe('same-origin');
    }
    expect(direct.app.securityHeaders['content-security-policy']).toContain("default-src 'self'");
  });

  it('sends HSTS over HTTPS on API replies too', async () => {
    const response = await proxied.app.inject({
      method: 'GET',
      url: '/api/company/specialities',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});
