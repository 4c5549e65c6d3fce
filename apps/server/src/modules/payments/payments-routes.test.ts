import { beforeAll, describe, expect, it } from 'vitest';
import { getAs, newSession, postAs } from '../../testing/accounts';
import {
  communeId,
  createPlanOrder,
  orderStatus,
  pressOnSimulator,
  purchaseBody,
  storedOrder,
} from '../../testing/payments';
import { useTestApp } from '../../testing/test-app';

describe('checkout and payment routes', () => {
  const ctx = useTestApp();
  let buyer: string;
  let stranger: string;
  let santiago: number;
  beforeAll(async () => {
    buyer = await newSession(ctx, 'compradora@example.com');
    stranger = await newSession(ctx, 'otra-persona@example.com');
    santiago = await communeId(ctx, 7, 'Santiago');
  });

  const purchase = (token: string, body: Record<string, unknown>) =>
    postAs(ctx, token, '/api/v1/checkout/purchase', body);

  it('shows the plan, the regions of Chile and the communes of a region', async () => {
    const plan = await ctx.app.inject({ method: 'GET', url: '/api/v1/plans/1' });
    expect(plan.json().plan).toMatchObject({ id: 1, name: 'Plan Básico', price: 149_990 });
    expect(plan.json().plan.description).toHaveLength(5);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/plans/2' })).statusCode).toBe(404);

    const regions = await ctx.app.inject({ method: 'GET', url: '/api/v1/regions?pais_id=81' });
    expect(regions.json().regiones).toHaveLength(16);
    expect(regions.json().regiones[0]).toEqual({ id: 1, region: 'Región de Arica y Parinacota' });
    const elsewhere = await ctx.app.inject({ method: 'GET', url: '/api/v1/regions?pais_id=82' });
    expect(elsewhere.json().regiones).toEqual([]);

    const communes = await ctx.app.inject({ method: 'GET', url: '/api/v1/communes?region_id=1' });
    expect(communes.json().comunas.map((c: { comuna: string }) => c.comuna)).toEqual([
      'Arica',
      'Camarones',
      'General Lagos',
      'Putre',
    ]);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/v1/communes?region_id=abc' });
    expect(bad.statusCode).toBe(400);
  });

  it('createPurchaseOrder prices the plan on the server and ignores any amount sent', async () => {
    const started = await createPlanOrder(ctx, buyer, { amount: 1, price: 1, months_paid: 12 });
    expect(started.statusCode).toBe(200);
    const { url, token } = started.json().flowData;
    expect(url).toBe('http://localhost:3000/dev/flow/pay');
    expect((await storedOrder(ctx, token)).amount).toBe(149_990);

    const defaults = await createPlanOrder(ctx, buyer, {});
    const order = await storedOrder(ctx, defaults.json().flowData.token);
    expect(order).toMatchObject({ planId: 1, monthsPaid: 6, amount: 74_995, status: 'pending' });
  });

  it('requires a session to start a payment', async () => {
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/pagos/createPurchaseOrder',
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    const checkout = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/checkout/purchase',
      payload: purchaseBody({ comuna_id: santiago }),
    });
    expect(checkout.statusCode).toBe(401);
  });

  it('starts the checkout purchase with the plan’s yearly price and the shipping data', async () => {
    const started = await purchase(buyer, { ...purchaseBody({ comuna_id: santiago }), amount: 10 });
    expect(started.statusCode).toBe(200);
    const order = await storedOrder(ctx, started.json().flowData.token);
    expect(order).toMatchObject({ amount: 149_990, email: 'compras@example.com', monthsPaid: 12 });
    expect(order.shipping).toMatchObject({
      name: 'Rosa',
      region: 'Región Metropolitana de Santiago',
      comuna: 'Santiago',
      zip_code: null,
    });
  });

  it('answers bad checkout inputs with the Spanish field messages', async () => {
    const empty = await purchase(buyer, {
      product_id: 1,
      qty: 1,
      email: '',
      name: ' ',
      last_name: '',
      phone: '',
      address: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().data).toEqual(
      expect.arrayContaining([
        'Email es obligatorio',
        'Nombre es requerido',
        'Apellido es requerido',
        'Teléfono es requerido',
        'Dirección es requerida',
        'Región es requerida',
        'Comuna es requerida',
      ]),
    );
    const wrongQty = await purchase(buyer, purchaseBody({ comuna_id: santiago, qty: 3 }));
    expect(wrongQty.json().data).toContain('La cantidad debe ser 1.');
    const badZip = await purchase(buyer, purchaseBody({ comuna_id: santiago, zip_code: '12' }));
    expect(badZip.json().data).toContain('El código postal debe tener 7 números.');
    // A lone surrogate (JSON's `\ud800`) cannot be stored in jsonb: a 400 in Spanish, not a 500.
    const surrogate = await purchase(buyer, purchaseBody({ comuna_id: santiago, name: 'Ro\ud800sa' }));
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json().message).toBe('Los datos enviados contienen caracteres no permitidos.');
    const back = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/flow/return',
      payload: { token: 'T\ud800' },
    });
    expect(back.statusCode).toBe(400);

    const arica = await communeId(ctx, 1, 'Arica');
    const mismatch = await purchase(buyer, purchaseBody({ comuna_id: arica }));
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().message).toBe('La comuna seleccionada no pertenece a la región.');
    const noRegion = await purchase(buyer, purchaseBody({ region_id: 99, comuna_id: arica }));
    expect(noRegion.json().message).toBe('La región seleccionada no existe.');
    const noPlan = await purchase(buyer, purchaseBody({ comuna_id: santiago, product_id: 7 }));
    expect(noPlan.statusCode).toBe(404);
    expect(noPlan.json().message).toBe('El plan seleccionado no existe.');

    const months = await createPlanOrder(ctx, buyer, { months_paid: 13 });
    expect(months.json().data).toEqual(['La cantidad de meses debe ser un número entero entre 1 y 12.']);
    const status = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/getOrderStatusByToken',
      payload: {},
    });
    expect(status.statusCode).toBe(400);
    expect(status.json().data).toEqual(['Este campo es obligatorio']);
  });

  it('shows a buyer only their own orders, with the status history', async () => {
    const started = await createPlanOrder(ctx, buyer, { months_paid: 12 });
    const token = started.json().flowData.token;
    await pressOnSimulator(ctx, token, 'pay');
    const order = await storedOrder(ctx, token);

    const mine = await getAs(ctx, buyer, '/api/v1/orders');
    expect(mine.json().orders.map((o: { id: number }) => o.id)).toContain(order.id);
    const theirs = await getAs(ctx, stranger, '/api/v1/orders');
    expect(theirs.json().orders).toEqual([]);

    const detail = await getAs(ctx, buyer, `/api/v1/orders/${order.id}`);
    expect(detail.json().order).toMatchObject({ state: 'paid', amount: 149_990, paymentMedia: 'Webpay' });
    expect(detail.json().order.receiptSentAt).toEqual(expect.any(String));
    expect(detail.json().order.events.map((e: { state: string }) => e.state)).toEqual([
      'pending',
      'pending',
      'paid',
      'paid',
    ]);
    const foreign = await getAs(ctx, stranger, `/api/v1/orders/${order.id}`);
    expect(foreign.statusCode).toBe(404);
    const anonymous = await ctx.app.inject({ method: 'GET', url: `/api/v1/orders/${order.id}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('tells the token holder how the payment went, in the spec’s shape', async () => {
    const started = await createPlanOrder(ctx, buyer, { months_paid: 12 });
    const token = started.json().flowData.token;
    const pending = await orderStatus(ctx, token);
    expect(pending.json().orderStatus).toMatchObject({ status: 1, amount: 149_990 });

    await pressOnSimulator(ctx, token, 'pay');
    const paid = await orderStatus(ctx, token);
    expect(paid.json()).toMatchObject({
      code: 200,
      orderStatus: {
        status: 2,
        amount: 149_990,
        flowOrder: expect.any(Number),
        paymentData: {
          media: 'Webpay',
          date: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        },
      },
    });
    const unknown = await orderStatus(ctx, 'NO-EXISTE');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No encontramos el pago indicado.');
  });
});
