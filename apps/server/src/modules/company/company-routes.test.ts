import { describe, expect, it } from 'vitest';
import { errorMessages } from '@seguridad/contracts/messages';
import { DEMO_COMPANY_KEY } from '@seguridad/contracts/constants';
import { useTestApp } from '../../testing/test-app';

describe('GET /api/company/specialities', () => {
  const ctx = useTestApp();

  it('lists the company specialities, General first', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/company/specialities',
      headers: { 'company-key': DEMO_COMPANY_KEY },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.data[0]).toMatchObject({ name: 'General' });
    expect(body.data.length).toBeGreaterThanOrEqual(2);
  });

  it.each([
    ['missing', undefined],
    ['wrong', 'pk_not_a_real_key_000000'],
    ['oversized', 'x'.repeat(5_000)],
  ])('answers 401 in Spanish for a %s key', async (_label, key) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/company/specialities',
      headers: key === undefined ? {} : { 'company-key': key },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      success: false,
      code: 401,
      error: 'invalid_company_key',
      message: errorMessages.companyKeyInvalid,
      data: [errorMessages.companyKeyInvalid],
    });
  });

  it('answers the same from the cached company and list as from the database', async () => {
    const headers = { 'company-key': DEMO_COMPANY_KEY };
    ctx.app.forgetCompanyCache();
    const fromDatabase = await ctx.app.inject({ method: 'GET', url: '/api/company/specialities', headers });
    const fromCache = await ctx.app.inject({ method: 'GET', url: '/api/company/specialities', headers });
    expect(fromDatabase.statusCode).toBe(200);
    expect(fromCache.statusCode).toBe(200);
    expect(fromCache.json()).toEqual(fromDatabase.json());
    // The cached list's reply is sent as serialized once: the same bytes and type, every time.
    const again = await ctx.app.inject({ method: 'GET', url: '/api/company/specialities', headers });
    for (const reply of [fromCache, again]) {
      expect(reply.payload).toBe(fromDatabase.payload);
      expect(reply.headers['content-type']).toBe(fromDatabase.headers['content-type']);
      expect(reply.headers['content-length']).toBe(fromDatabase.headers['content-length']);
    }
  });

  it('writes accented names as UTF-8 JSON, from the database and from the cache alike', async () => {
    const headers = { 'company-key': DEMO_COMPANY_KEY };
    ctx.app.forgetCompanyCache();
    for (let i = 0; i < 2; i += 1) {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/company/specialities', headers });
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.payload).toContain('Orientación Legal');
      expect(response.json().data).toContainEqual(expect.objectContaining({ name: 'Orientación Legal' }));
    }
  });

  it('writes only the declared fields of a cached list', async () => {
    const headers = { 'company-key': DEMO_COMPANY_KEY };
    await ctx.app.inject({ method: 'GET', url: '/api/company/specialities', headers });
    const response = await ctx.app.inject({ method: 'GET', url: '/api/company/specialities', headers });
    for (const item of response.json().data) expect(Object.keys(item).sort()).toEqual(['id', 'name']);
  });

  it('keeps refusing a wrong key once it is cached as unknown', async () => {
    const headers = { 'company-key': 'pk_not_a_real_key_cached_01' };
    for (let i = 0; i < 2; i += 1) {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/company/specialities', headers });
      expect(response.statusCode).toBe(401);
    }
  });
});
