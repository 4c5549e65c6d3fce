import { describe, expect, it } from 'vitest';
import { flowSignature, hasValidFlowSignature } from './flow-signature';

/*
 * Expected values computed outside the code under test, over the string written out here:
 *   printf '%s' 'amount5000apiKeyXYZ-123commerceOrderCS-1currencyCLPtokenABC' \
 *     | openssl dgst -sha256 -hmac 'secreto-de-prueba'
 */
const SECRET = 'secreto-de-prueba';

describe('Flow signature', () => {
  it('signs the parameters sorted by name, as name+value with nothing between', () => {
    const params = {
      token: 'ABC',
      currency: 'CLP',
      apiKey: 'XYZ-123',
      amount: '5000',
      commerceOrder: 'CS-1',
    };
    expect(flowSignature(params, SECRET)).toBe(
      'ba43cb26c48b19c5064f3bf6262a68530c03b1f3165eb9b09e01552a9b0eab01',
    );
  });

  it('signs a getStatus query (apiKey, token) and leaves `s` itself out', () => {
    const expected = '2f7e28bc6eb13f4b4cc40d0ddbcd65b3611159e477dc2204b1ebaf17029b35e2';
    expect(flowSignature({ token: 'ABC', apiKey: 'XYZ-123' }, SECRET)).toBe(expected);
    expect(flowSignature({ token: 'ABC', apiKey: 'XYZ-123', s: 'lo-que-sea' }, SECRET)).toBe(expected);
  });

  it('accepts only the exact signature', () => {
    const params = { apiKey: 'XYZ-123', token: 'ABC' };
    const s = flowSignature(params, SECRET);
    expect(hasValidFlowSignature({ ...params, s }, SECRET)).toBe(true);
    expect(hasValidFlowSignature({ ...params, s }, 'otro-secreto')).toBe(false);
    expect(hasValidFlowSignature({ ...params, token: 'ABD', s }, SECRET)).toBe(false);
    expect(hasValidFlowSignature({ ...params, s: s.slice(1) }, SECRET)).toBe(false);
    expect(hasValidFlowSignature(params, SECRET)).toBe(false);
  });
});
