import { maskedPhoneSchema, type MaskedPhone } from '@seguridad/contracts/http/auth';

/**
 * Between the two login steps the spec keeps the credentials (the 2FA calls ask for them again)
 * and the masked phones. They live in session storage, which this tab alone can read and which
 * dies with it, for ten minutes at most, and are removed as soon as the second step ends.
 */
const STORAGE_KEY = 'pending-2fa-login';
const TTL_MS = 10 * 60 * 1000;

export type PendingLogin = { email: string; password: string; phones: MaskedPhone[] };

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function savePendingLogin(login: PendingLogin): void {
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify({ ...login, expiresAt: Date.now() + TTL_MS }));
  } catch {
    // Without session storage the second step cannot start; the 2FA page sends back to login.
  }
}

export function clearPendingLogin(): void {
  try {
    storage()?.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}

export function readPendingLogin(): PendingLogin | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? 'null');
  } catch {
    parsed = null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { email, password, phones, expiresAt } = parsed as Record<string, unknown>;
  const validPhones = Array.isArray(phones)
    ? phones.filter((phone) => maskedPhoneSchema.safeParse(phone).success)
    : [];
  const usable =
    typeof email === 'string' &&
    typeof password === 'string' &&
    typeof expiresAt === 'number' &&
    expiresAt > Date.now() &&
    validPhones.length > 0;
  if (!usable) {
    clearPendingLogin();
    return null;
  }
  return { email, password, phones: validPhones as MaskedPhone[] };
}
