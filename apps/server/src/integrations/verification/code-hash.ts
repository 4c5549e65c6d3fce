import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** `salt$hmac`: a code is never stored as typed. */
export function hashCode(code: string): string {
  const salt = randomBytes(16).toString('base64url');
  return `${salt}$${createHmac('sha256', salt).update(code).digest('base64url')}`;
}

export function codeMatches(code: string, stored: string): boolean {
  const [salt, expected] = stored.split('$');
  if (!salt || !expected) return false;
  const actual = createHmac('sha256', salt).update(code).digest('base64url');
  return actual.length === expected.length && timingSafeEqual(Buffer.from(actual), Buffer.from(expected));
}
