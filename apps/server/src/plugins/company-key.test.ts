import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANY_KEY } from '@seguridad/contracts/constants';
import { errorMessages } from '@seguridad/contracts/messages';
import { createTestApp, type TestContext } from '../testing/test-app';

describe('the company key', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('is read from the company_key query parameter of the spec', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/company/serviceStatus?company_key=${DEMO_COMPANY_KEY}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().success).toBe(true);
  });

  it('takes the header first when both are sent', async () => {
    const headerWrong = await ctx.app.inject({
      method: 'GET',
      url: `/api/company/serviceStatus?company_key=${DEMO_COMPANY_KEY}`,
      headers: { 'company-key': 'pk_otra_clave_que_no_existe' },
    });
    expect(headerWrong.statusCode).toBe(401);
    const headerRight = await ctx.app.inject({
      method: 'GET',
      url: '/api/company/serviceStatus?company_key=pk_otra_clave_que_no_existe',
      headers: { 'company-key': DEMO_COMPANY_KEY },
    });
    expect(headerRight.statusCode).toBe(200);
  });

  it('answers 401 in Spanish without either', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/company/serviceStatus' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(errorMessages.companyKeyInvalid);
  });
});
