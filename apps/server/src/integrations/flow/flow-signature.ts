import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Flow's request signature: every parameter but `s`, sorted by name, written as name followed by
 * value with nothing between, HMAC-SHA256 with the secret key, in lower-case hex.
 */
export function flowSignature(params: Record<string, string>, secretKey: string): string {
  const signed = Object.keys(params)
    .filter((name) => name !== 's')
    .sort()
    .map((name) => `${name}${params[name]}`)
    .join('');
  return createHmac('sha256', secretKey).update(signed).digest('hex');
}

/** Checks `s` the way Flow does, in constant time. */
export function hasValidFlowSignature(params: Record<string, string>, secretKey: string): boolean {
  const given = params.s ?? '';
  const expected = flowSignature(params, secretKey);
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}
