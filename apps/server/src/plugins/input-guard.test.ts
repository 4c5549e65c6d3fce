import { describe, expect, it } from 'vitest';
import { errorMessages } from '@seguridad/contracts/messages';
import { useTestApp } from '../testing/test-app';
import { routeTakesInput } from './input-guard';

describe('which routes the NUL guard watches', () => {
  it('every route with a body, path parameters or a declared query, and no other', () => {
    expect(routeTakesInput({ method: 'POST', url: '/api/attention/contact' })).toBe(true);
    expect(routeTakesInput({ method: ['GET', 'DELETE'], url: '/api/x' })).toBe(true);
    expect(routeTakesInput({ method: 'GET', url: '/api/v1/plans/:id' })).toBe(true);
    expect(routeTakesInput({ method: 'GET', url: '/*' })).toBe(true);
    expect(routeTakesInput({ method: 'GET', url: '/api/v1/regions', schema: { querystring: {} } })).toBe(
      true,
    );
    expect(routeTakesInput({ method: 'GET', url: '/api/health' })).toBe(false);
    expect(routeTakesInput({ method: 'HEAD', url: '/api/company/specialities', schema: {} })).toBe(false);
  });
});

describe('the NUL guard on the routes it watches', () => {
  const ctx = useTestApp();

  it('refuses a NUL in a declared query and in a path parameter', async () => {
    for (const url of ['/api/v1/regions?pais_id=8%001', '/api/v1/plans/1%00']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toBe(errorMessages.invalidCharacters);
    }
  });

  it('leaves a route without input alone, whatever its query holds', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health?x=%00' });
    expect(response.statusCode).toBe(200);
  });
});
