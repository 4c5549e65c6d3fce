import { createHash, randomBytes, randomInt } from 'node:crypto';

/** 256 bits from the CSPRNG, URL-safe: session tokens and e-mailed link tokens. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: a lookup key that cannot be turned back into the token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A 6-digit verification code, uniformly drawn from the CSPRNG. */
export function newNumericCode(digits = 6): string {
  return randomInt(0, 10 ** digits)
    .toString()
    .padStart(digits, '0');
}
