import { describe, expect, it } from 'vitest';
import { DEMO_COMPANY_KEY } from '@seguridad/contracts/constants';
import { errorMessages } from '@seguridad/contracts/messages';
import { DEV_ACCOUNTS } from '../../db/seed/seed';
import { login, postAs } from '../../testing/accounts';
import { createTestApp, openTestDatabase, useTestApp } from '../../testing/test-app';
import { TEST_PASSWORDS } from '../../testing/test-database';

describe('the company key', () => {
  const ctx = useTestApp();

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

/** Two processes (two apps) on one database and one Redis, as behind a load balancer. */
describe.runIf(Boolean(process.env.REDIS_URL))('the company caches across processes', () => {
  it('drop on every process when an admin changes the specialities on one', async () => {
    const database = await openTestDatabase();
    const env = {
      REDIS_URL: process.env.REDIS_URL!,
      AUTH_RATE_LIMIT_MAX: '10000',
      AUTH_ATTEMPTS_IP_FACTOR: '10000',
    };
    const first = await createTestApp({ env, database });
    const second = await createTestApp({ env, database });
    try {
      const key = { 'company-key': DEMO_COMPANY_KEY };
      const names = async () =>
        (await second.app.inject({ method: 'GET', url: '/api/company/specialities', headers: key }))
          .json()
          .data.map((item: { name: string }) => item.name);
      // The second process caches the list (for 5 s).
      expect(await names()).not.toContain('Adulto Mayor');
      const admin = (await login(first, DEV_ACCOUNTS.operator.email, TEST_PASSWORDS.operator)).json()
        .access_token as string;
      const added = await postAs(first, admin, '/api/v1/operator/specialities', { name: 'Adulto Mayor' });
      expect(added.statusCode).toBe(200);
      // Well inside the 5 s the cache would otherwise keep the old list.
      const deadline = Date.now() + 1_500;
      let seen = await names();
      while (!seen.includes('Adulto Mayor') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        seen = await names();
      }
      expect(seen).toContain('Adulto Mayor');
    } finally {
      await second.close();
      await first.close();
      await database.close();
    }
  });
});
