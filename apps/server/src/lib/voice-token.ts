import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The voice token of `GET /api/token` (spec §7, decision 018): it lets the widget of one company
 * start one phone call before it expires. `payload.mac`, both base64url; the payload is JSON
 * `{ c: companyId, i: tokenId, e: expiry in epoch seconds }` and the MAC an HMAC-SHA256 of it under
 * the server's secret. Nothing is stored until the call is created: the call row then keeps the
 * token id under a unique constraint, so a token starts one call only.
 */
export type VoiceTokenClaims = { companyId: number; tokenId: string; expiresAt: Date };

const PURPOSE = 'voice-call.v1.';

function macOf(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret)
    .update(PURPOSE + payload)
    .digest();
}

export function signVoiceToken(
  secret: string,
  companyId: number,
  ttlSeconds: number,
  now: Date = new Date(),
): { token: string; claims: VoiceTokenClaims } {
  const tokenId = randomBytes(16).toString('base64url');
  const expiry = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const payload = Buffer.from(JSON.stringify({ c: companyId, i: tokenId, e: expiry })).toString('base64url');
  const token = `${payload}.${macOf(secret, payload).toString('base64url')}`;
  return { token, claims: { companyId, tokenId, expiresAt: new Date(expiry * 1000) } };
}

/** The claims of a well-signed, unexpired token; undefined for anything else. */
export function verifyVoiceToken(
  secret: string,
  token: string,
  now: Date = new Date(),
): VoiceTokenClaims | undefined {
  const [payload, mac, extra] = token.split('.');
  if (!payload || !mac || extra !== undefined) return undefined;
  const expected = macOf(secret, payload);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const { c, i, e } = (claims ?? {}) as Record<string, unknown>;
  if (typeof c !== 'number' || !Number.isInteger(c) || typeof i !== 'string' || typeof e !== 'number') {
    return undefined;
  }
  if (e * 1000 <= now.getTime()) return undefined;
  return { companyId: c, tokenId: i, expiresAt: new Date(e * 1000) };
}
