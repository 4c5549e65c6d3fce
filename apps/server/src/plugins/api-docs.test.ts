import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app';

describe('OpenAPI documentation', () => {
  const ctx = useTestApp();

  it('is generated from the route schemas, with the company-key scheme', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/company/specialities', '/api/promo/winners']),
    );
    expect(document.components.securitySchemes.companyKey).toMatchObject({
      in: 'header',
      name: 'company-key',
    });
    const specialities = document.paths['/api/company/specialities'].get;
    expect(specialities.responses['200'].content['application/json'].schema.properties.data.type).toBe(
      'array',
    );
  });

  it('serves the interactive page', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger');
  });
});
