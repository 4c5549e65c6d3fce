import { describe, expect, it } from 'vitest';
import { errorMessages } from '@seguridad/contracts/messages';
import { useTestApp } from '../testing/test-app';

describe('the one error shape', () => {
  const ctx = useTestApp();

  it('answers unknown API routes with a JSON 404 in Spanish', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/no-existe' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      success: false,
      code: 404,
      message: errorMessages.routeNotFound,
    });
  });

  it('answers bad query values with 400 and the list of problems', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/dev/outbox?limit=muchos' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ success: false, code: 400, error: 'validation_failed' });
    expect(body.message).toBe(errorMessages.badRequest);
    expect(body.data.length).toBeGreaterThan(0);
  });
});
