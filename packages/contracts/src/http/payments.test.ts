import { describe, expect, it } from 'vitest';
import { amountForMonths, paymentRedirectUrl, purchaseBodySchema, shippingFieldsSchema } from './payments';

describe('payments contract', () => {
  it('prices months pro rata of the yearly price, rounded up to a whole peso', () => {
    expect(amountForMonths(149_990, 12)).toBe(149_990);
    expect(amountForMonths(149_990, 6)).toBe(74_995);
    expect(amountForMonths(149_990, 1)).toBe(12_500);
  });

  it('sends the browser to the provider URL with its token', () => {
    expect(paymentRedirectUrl({ url: 'https://sandbox.flow.cl/app/web/pay.php', token: 'AB12' })).toBe(
      'https://sandbox.flow.cl/app/web/pay.php?token=AB12',
    );
    expect(paymentRedirectUrl({ url: 'https://x.cl/pay?lang=es', token: 'A B' })).toBe(
      'https://x.cl/pay?lang=es&token=A%20B',
    );
  });

  it('reads an empty postal code as null and a select left empty as missing', () => {
    const base = {
      email: 'rosa@example.com',
      name: 'Rosa',
      last_name: 'Pérez',
      phone: '+56 9 1234 5678',
      address: 'Calle 1',
      region_id: 7,
      comuna_id: 100,
    };
    expect(shippingFieldsSchema.parse({ ...base, zip_code: '' })).toMatchObject({
      zip_code: null,
      phone: '+56912345678',
    });
    const empty = shippingFieldsSchema.safeParse({ ...base, region_id: Number.NaN, comuna_id: '' });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues.map((issue) => issue.message)).toEqual([
      'Región es requerida',
      'Comuna es requerida',
    ]);
    expect(purchaseBodySchema.parse({ ...base }).qty).toBe(1);
  });
});
