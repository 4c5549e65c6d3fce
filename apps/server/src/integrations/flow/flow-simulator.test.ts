import { describe, expect, it } from 'vitest';
import { paymentTexts } from '@seguridad/contracts/messages';
import { newSession } from '../../testing/accounts';
import { pressOnSimulator, startedPaymentToken, storedOrder } from '../../testing/payments';
import { createTestApp, openTestDatabase, useTestApp } from '../../testing/test-app';
import { createFlowClient, FlowError } from './flow-client';
import { flowSignature } from './flow-signature';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('Flow simulator', () => {
  const ctx = useTestApp();

  function simulatorKeys() {
    const flow = ctx.config.flow;
    if (flow.mode !== 'simulator') throw new Error('tests run against the simulator');
    return flow;
  }

  function createParams(overrides: Record<string, string> = {}) {
    return {
      apiKey: simulatorKeys().apiKey,
      commerceOrder: `T-${Math.random().toString(36).slice(2)}`,
      subject: 'Plan Básico',
      currency: 'CLP',
      amount: '149990',
      email: 'rosa@example.com',
      urlConfirmation: 'http://localhost:3000/api/payments/flow/confirmation',
      urlReturn: 'http://localhost:3000/api/payments/flow/return',
      ...overrides,
    };
  }

  it('creates a payment and reports its status to the real client', async () => {
    const flow = simulatorKeys();
    const client = createFlowClient({
      kind: 'simulator',
      ...flow,
      transport: ctx.app.flowTransport,
    });
    const created = await client.createPayment({
      commerceOrder: `T-${Date.now()}`,
      subject: 'Plan Básico',
      amount: 149_990,
      email: 'rosa@example.com',
      urlConfirmation: 'http://localhost:3000/api/payments/flow/confirmation',
      urlReturn: 'http://localhost:3000/api/payments/flow/return',
      timeoutSeconds: 172_800,
    });
    expect(created.url).toBe('http://localhost:3000/dev/flow/pay');
    expect(created.token).toMatch(/^[0-9A-F]{40}$/);
    const status = await client.getStatus(created.token);
    expect(status).toMatchObject({
      status: 1,
      amount: 149_990,
      currency: 'CLP',
      flowOrder: created.flowOrder,
    });
  });

  it('refuses a bad signature or key with Flow’s error shape', async () => {
    const params = createParams();
    const badSignature = await ctx.app.inject({
      method: 'POST',
      url: '/dev/flow/api/payment/create',
      headers: FORM,
      payload: new URLSearchParams({ ...params, s: flowSignature(params, 'otro-secreto') }).toString(),
    });
    expect(badSignature.statusCode).toBe(401);
    expect(badSignature.json()).toEqual({ code: 401, message: 'Invalid signature' });

    // Signed right, then one parameter changed on the way.
    const tampered = { ...params, s: flowSignature(params, simulatorKeys().secretKey), amount: '350' };
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/dev/flow/api/payment/create',
      headers: FORM,
      payload: new URLSearchParams(tampered).toString(),
    });
    expect(changed.statusCode).toBe(401);

    const wrongKey = createParams({ apiKey: 'OTRA-CLAVE' });
    const badKey = await ctx.app.inject({
      method: 'POST',
      url: '/dev/flow/api/payment/create',
      headers: FORM,
      payload: new URLSearchParams({
        ...wrongKey,
        s: flowSignature(wrongKey, simulatorKeys().secretKey),
      }).toString(),
    });
    expect(badKey.json()).toEqual({ code: 401, message: 'Invalid apiKey' });

    const unsignedStatus = await ctx.app.inject({
      method: 'GET',
      url: `/dev/flow/api/payment/getStatus?apiKey=${simulatorKeys().apiKey}&token=ABC&s=00`,
    });
    expect(unsignedStatus.statusCode).toBe(401);
  });

  it('refuses what Flow refuses: decimals, tiny amounts, a repeated commerce order', async () => {
    const { secretKey } = simulatorKeys();
    const send = (params: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/dev/flow/api/payment/create',
        headers: FORM,
        payload: new URLSearchParams({ ...params, s: flowSignature(params, secretKey) }).toString(),
      });
    expect((await send(createParams({ amount: '1000.5' }))).statusCode).toBe(400);
    expect((await send(createParams({ amount: '100' }))).json()).toEqual({
      code: 400,
      message: 'The minimum amount is 350 CLP',
    });
    const once = createParams();
    expect((await send(once)).statusCode).toBe(200);
    expect((await send(once)).statusCode).toBe(400);
  });

  it('shows a payment page with everything escaped and no inline script', async () => {
    const session = await newSession(ctx, 'pagina-simulador@example.com');
    const token = await startedPaymentToken(ctx, session);
    const page = await ctx.app.inject({ method: 'GET', url: `/dev/flow/pay?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script/i);
    expect(page.body).toContain('$74.995'); // 6 months of 149.990 a year
    expect(page.body).toMatch(/value="pay"[^>]*>Pagar</);
    expect(page.body).toMatch(/value="reject"[^>]*>Rechazar</);
    expect(page.body).toContain('Plan Básico — 6 meses');

    const missing = await ctx.app.inject({ method: 'GET', url: '/dev/flow/pay?token=%3Cscript%3E' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<script>');
  });

  it('pays, confirms to our server, and returns the browser with the token', async () => {
    const session = await newSession(ctx, 'paga-simulador@example.com');
    const token = await startedPaymentToken(ctx, session);
    const pressed = await pressOnSimulator(ctx, token, 'pay');
    expect(pressed.statusCode).toBe(303);
    expect(pressed.headers.location).toBe(`http://localhost:3000/api/payments/flow/return?token=${token}`);
    // The confirmation reached our server before the browser was sent back.
    expect((await storedOrder(ctx, token)).status).toBe('paid');

    const back = await ctx.app.inject({ method: 'GET', url: `/api/payments/flow/return?token=${token}` });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/?token=${token}`);
    const posted = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/flow/return',
      headers: FORM,
      payload: `token=${token}`,
    });
    expect(posted.headers.location).toBe(`/?token=${token}`);

    // A second press changes nothing.
    await pressOnSimulator(ctx, token, 'reject');
    expect((await storedOrder(ctx, token)).status).toBe('paid');
  });

  it('keeps its payments across a restart', async () => {
    const database = await openTestDatabase();
    const first = await createTestApp({ database });
    const session = await newSession(first, 'reinicio@example.com');
    const token = await startedPaymentToken(first, session);
    await first.close();

    // A new process: new simulator keys, same database.
    const second = await createTestApp({ database });
    try {
      const page = await second.app.inject({ method: 'GET', url: `/dev/flow/pay?token=${token}` });
      expect(page.statusCode).toBe(200);
      await pressOnSimulator(second, token, 'pay');
      expect((await storedOrder(second, token)).status).toBe('paid');
    } finally {
      await second.close();
      await database.close();
    }
  });
});

describe('Flow simulator outside demo mode', () => {
  it('a server listening on the network without NODE_ENV neither serves the simulator nor sells', async () => {
    const ctx = await createTestApp({ env: { HOST: '0.0.0.0' } });
    try {
      expect(ctx.config.demoMode).toBe(false);
      expect(ctx.config.flow.mode).toBe('disabled');
      for (const url of ['/dev/flow/pay?token=x', '/dev/flow/pay.css']) {
        expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
      const pay = await ctx.app.inject({
        method: 'POST',
        url: '/dev/flow/pay',
        headers: FORM,
        payload: 'token=x&action=pay',
      });
      expect(pay.statusCode).toBe(404);
      const session = await newSession(ctx, 'en-la-red@example.com');
      const started = await ctx.app.inject({
        method: 'POST',
        url: '/api/app/pagos/createPurchaseOrder',
        headers: { authorization: `Bearer ${session}` },
        payload: {},
      });
      expect(started.statusCode).toBe(503);
      expect(started.json()).toMatchObject({
        error: 'payments_unavailable',
        message: paymentTexts.unavailable,
      });
      const orders = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/orders',
        headers: { authorization: `Bearer ${session}` },
      });
      expect(orders.statusCode).toBe(200);
      expect(JSON.stringify(orders.json())).not.toContain('CS-');
    } finally {
      await ctx.close();
    }
  });

  it('in demo mode, the payment page answers only this machine', async () => {
    const ctx = await createTestApp();
    try {
      const session = await newSession(ctx, 'desde-afuera@example.com');
      const token = await startedPaymentToken(ctx, session);
      const fromOutside = { remoteAddress: '203.0.113.9' };
      const page = await ctx.app.inject({
        method: 'GET',
        url: `/dev/flow/pay?token=${token}`,
        ...fromOutside,
      });
      expect(page.statusCode).toBe(404);
      const pay = await ctx.app.inject({
        method: 'POST',
        url: '/dev/flow/pay',
        headers: { ...FORM, 'x-forwarded-for': '127.0.0.1' },
        payload: `token=${token}&action=pay`,
        ...fromOutside,
      });
      expect(pay.statusCode).toBe(404);
      expect((await storedOrder(ctx, token)).status).toBe('pending');
      const local = await ctx.app.inject({ method: 'GET', url: `/dev/flow/pay?token=${token}` });
      expect(local.statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});

describe('Flow simulator in production', () => {
  it('does not exist: its API and its page answer 404', async () => {
    const ctx = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      expect(ctx.config.flow.mode).toBe('disabled');
      for (const url of [
        '/dev/flow/api/payment/getStatus?token=x',
        '/dev/flow/pay?token=x',
        '/dev/flow/pay.css',
      ]) {
        expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
      const create = await ctx.app.inject({
        method: 'POST',
        url: '/dev/flow/api/payment/create',
        headers: FORM,
        payload: 'apiKey=x&s=y',
      });
      expect(create.statusCode).toBe(404);
      const pay = await ctx.app.inject({
        method: 'POST',
        url: '/dev/flow/pay',
        headers: FORM,
        payload: 'token=x&action=pay',
      });
      expect(pay.statusCode).toBe(404);
    } finally {
      await ctx.close();
    }
  });

  it('a purchase in production without FLOW_* says payments could not start', async () => {
    const ctx = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      const session = await newSession(ctx, 'produccion@example.com');
      const started = await ctx.app.inject({
        method: 'POST',
        url: '/api/app/pagos/createPurchaseOrder',
        headers: { authorization: `Bearer ${session}` },
        payload: {},
      });
      expect(started.statusCode).toBe(503);
      expect(started.json()).toMatchObject({
        error: 'payments_unavailable',
        message: paymentTexts.unavailable,
      });
    } finally {
      await ctx.close();
    }
  });

  it('the client reports a refusal as a FlowError', async () => {
    const client = createFlowClient({
      kind: 'flow',
      apiUrl: 'http://flow.invalid/api',
      apiKey: 'k',
      secretKey: 's',
      timeoutMs: 1000,
      transport: async () => ({ status: 401, body: '{"code":401,"message":"Invalid apiKey"}' }),
    });
    await expect(client.getStatus('T')).rejects.toBeInstanceOf(FlowError);
    await expect(client.getStatus('T')).rejects.toThrow(/401/);
  });
});
