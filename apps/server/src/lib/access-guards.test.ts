import { describe, expect, it } from 'vitest';
import { bearer, newSession } from '../testing/accounts';
import { demoKey, newOperator } from '../testing/calls';
import { useTestApp } from '../testing/test-app';

/** Bodies no route accepts: every field missing or of the wrong type. */
const INVALID_BODIES: Array<{
  method: 'POST' | 'PATCH' | 'PUT';
  url: string;
  payload: Record<string, unknown>;
}> = [
  { method: 'PATCH', url: '/api/v1/operator/company', payload: {} },
  { method: 'PATCH', url: '/api/v1/operator/company', payload: { name: 42, allowed_origins: 'x' } },
  { method: 'POST', url: '/api/v1/operator/specialities', payload: { name: [] } },
  { method: 'POST', url: '/api/v1/networks/addUserToNetwork', payload: { email: 'no es un correo' } },
  { method: 'POST', url: '/api/v1/devices/updateDeviceConfig', payload: {} },
  { method: 'POST', url: '/api/v1/auth/sessions/revoke', payload: { session_id: 'x' } },
];

const OPERATOR_ONLY = INVALID_BODIES.filter((route) => route.url.includes('/operator/'));

describe('authentication runs before validation', () => {
  const ctx = useTestApp();

  it('answers 401 to an anonymous request with an invalid body, naming no field', async () => {
    for (const route of INVALID_BODIES) {
      const response = await ctx.app.inject(route);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json().errors, `${route.method} ${route.url}`).toBeUndefined();
    }
  });

  it('answers 401 to a bad bearer with an invalid body', async () => {
    const response = await ctx.app.inject({ ...INVALID_BODIES[0]!, headers: bearer('no-es-una-sesion') });
    expect(response.statusCode).toBe(401);
  });

  it('answers 403 to a citizen on an operator route, whatever the body', async () => {
    const citizen = await newSession(ctx, 'ciudadana-guardias@example.com');
    for (const route of OPERATOR_ONLY) {
      const response = await ctx.app.inject({ ...route, headers: bearer(citizen) });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('answers 403 to an operator on an administrators-only route with an invalid body', async () => {
    const operator = await newOperator(ctx, 'operadora-guardias@example.com', undefined, 'operator');
    const response = await ctx.app.inject({ ...INVALID_BODIES[0]!, headers: bearer(operator.token) });
    expect(response.statusCode).toBe(403);
  });

  it('still validates once the guard let the request through', async () => {
    const citizen = await newSession(ctx, 'ciudadana-valida@example.com');
    const asCitizen = await ctx.app.inject({ ...INVALID_BODIES[3]!, headers: bearer(citizen) });
    expect(asCitizen.statusCode).toBe(400);
    const admin = await newOperator(ctx, 'admin-guardias@example.com', undefined, 'admin');
    const asAdmin = await ctx.app.inject({ ...INVALID_BODIES[1]!, headers: bearer(admin.token) });
    expect(asAdmin.statusCode).toBe(400);
  });

  it('checks the company key of a widget route before its body', async () => {
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/callbacks', payload: { phone: 1 } });
    expect(anonymous.statusCode).toBe(401);
    const withKey = await ctx.app.inject({
      method: 'POST',
      url: '/api/callbacks',
      headers: demoKey,
      payload: { phone: 1 },
    });
    expect(withKey.statusCode).toBe(400);
  });
});
