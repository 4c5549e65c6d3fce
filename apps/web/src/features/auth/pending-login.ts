import { maskedPhoneSchema, type LoginResponse, type MaskedPhone } from '@seguridad/contracts/http/auth';

/**
 * Between the two login steps the spec keeps the credentials (the 2FA calls ask for them again),
 * the masked phones, whether the account has an authenticator app and whether SMS can be sent
 * (decision 054). They live in session storage, which this tab alone can read and which
 * dies with it, for ten minutes at most, and are removed as soon as the second step ends.
 */
const STORAGE_KEY = 'pending-2fa-login';
const TTL_MS = 10 * 60 * 1000;

export type PendingLogin = {
  email: string;
  password: string;
  phones: MaskedPhone[];
  authenticator: boolean;
  smsAvailable: boolean;
};

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The second step the login answer asks for, or null when it opened a session. */
export function pendingLoginFrom(
  credentials: { email: string; password: string },
  answer: LoginResponse,
): PendingLogin | null {
  const phones = answer['2fa_masked_user_phones'] ?? [];
  const authenticator = answer['2fa_authenticator'] === true;
  if (phones.length === 0 && !authenticator) return null;
  return {
    email: credentials.email,
    password: credentials.password,
    phones,
    authenticator,
    smsAvailable: answer['2fa_sms_available'] !== false,
  };
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
  const { email, password, phones, authenticator, smsAvailable, expiresAt } = parsed as Record<
    string,
    unknown
  >;
  const validPhones = Array.isArray(phones)
    ? phones.filter((phone) => maskedPhoneSchema.safeParse(phone).success)
    : [];
  const usable =
    typeof email === 'string' &&
    typeof password === 'string' &&
    typeof expiresAt === 'number' &&
    expiresAt > Date.now() &&
    (validPhones.length > 0 || authenticator === true);
  if (!usable) {
    clearPendingLogin();
    return null;
  }
  return {
    email,
    password,
    phones: validPhones as MaskedPhone[],
    authenticator: authenticator === true,
    // Older pending logins said nothing: SMS was the only way then.
    smsAvailable: smsAvailable !== false,
  };
}
