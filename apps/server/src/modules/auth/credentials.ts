import type { FastifyRequest } from 'fastify';
import { accountTexts, errorMessages } from '@seguridad/contracts/messages';
import { AppError } from '../../lib/app-error';
import { verifyPassword } from '../../lib/password';
import { clientAddressKey } from '../../lib/client-address';
import { findUserByEmail } from '../identity/user-queries';
import type { Deps } from '../../lib/dependencies';

/** Hash of a password nobody has: checked when the e-mail is unknown, so timing reveals nothing. */
const DECOY_HASH = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

const MINUTE = 60 * 1000;

/**
 * Budgets of the anonymous account calls, besides the route's own IP limit. Calls that check a
 * password count per e-mail+requester and per requester, and only slow down (never refuse) once an
 * e-mail's global count is high, so a stranger guessing from elsewhere cannot lock the owner out.
 * Sign-up refuses per e-mail. The reset e-mail is refused per e-mail+requester, and per e-mail only
 * past an inbox ceiling (`RESET_MAILS_PER_EMAIL`), so a stranger cannot block the owner's reset
 * nor flood their inbox (docs/decisions/010-auth-data-layer-and-throttling.md, 031).
 */
export const ATTEMPT_LIMITS = {
  login: { limit: 10, windowMs: 15 * MINUTE, perEmail: 'slow' },
  signup: { limit: 5, windowMs: 60 * MINUTE, perEmail: 'refuse' },
  resetRequest: { limit: 3, windowMs: 15 * MINUTE, perEmail: 'requester' },
  codeRequest: { limit: 5, windowMs: 15 * MINUTE, perEmail: 'slow' },
  codeCheck: { limit: 10, windowMs: 15 * MINUTE, perEmail: 'slow' },
  /**
   * Wrong authenticator or recovery codes of an account whose password was right: refused past it
   * per account, as five wrong guesses end an SMS code (decision 054). A right code starts it over.
   */
  secondFactorGuess: { limit: 5, windowMs: 15 * MINUTE, perEmail: 'refuse' },
  /** The current password asked of a signed-in session (two-step phone changes): refused past it. */
  reauth: { limit: 10, windowMs: 15 * MINUTE, perEmail: 'refuse' },
} as const;

/** Reset e-mails one address may receive from all requesters together: a bound on flooding it. */
export const RESET_MAILS_PER_EMAIL = { limit: 20, windowMs: 60 * MINUTE } as const;

/** The wait added to each guess at an e-mail whose global count is past its budget. */
export const SLOWDOWN_MS = 1_000;

type AttemptAction = keyof typeof ATTEMPT_LIMITS;

const normalEmail = (email: string) => email.trim().toLowerCase();
const emailKey = (action: AttemptAction, email: string) => `${action}:email:${normalEmail(email)}`;
/**
 * Where a guess comes from: an IPv4 address, or an IPv6 address's /56 as the API ceiling counts it
 * (decision 031). One subscriber holds a whole /64 or /56, so counting the full address would give
 * them a fresh budget per address.
 */
const requester = (request: FastifyRequest) => clientAddressKey(request.ip);
const emailIpKey = (action: AttemptAction, email: string, request: FastifyRequest) =>
  `${action}:email-ip:${normalEmail(email)}:${requester(request)}`;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function enforceAttemptLimit(
  app: Deps<'attempts' | 'config'>,
  request: FastifyRequest,
  action: AttemptAction,
  email: string,
): Promise<void> {
  const { limit, windowMs, perEmail } = ATTEMPT_LIMITS[action];
  const emailBudget = perEmail === 'requester' ? RESET_MAILS_PER_EMAIL : { limit, windowMs };
  const [byEmail, byEmailIp, byIp] = await Promise.all([
    app.attempts.hit(emailKey(action, email), emailBudget.limit, emailBudget.windowMs),
    app.attempts.hit(emailIpKey(action, email, request), limit, windowMs),
    app.attempts.hit(`${action}:ip:${requester(request)}`, limit * app.config.authAttemptsIpFactor, windowMs),
  ]);
  const refusing = perEmail === 'slow' ? [byEmailIp, byIp] : [byEmail, byEmailIp, byIp];
  const blocked = refusing.find((outcome) => !outcome.allowed);
  if (blocked) {
    throw new AppError(429, 'too_many_requests', errorMessages.tooManyRequests, [
      `${errorMessages.tooManyRequests} (${Math.ceil(blocked.retryAfterSeconds / 60)} min)`,
    ]);
  }
  if (perEmail === 'slow' && !byEmail.allowed) await pause(SLOWDOWN_MS);
}

/**
 * The right password for the account ends its run of failed guesses: an operator signing in on
 * several devices a day is not an attack. The per-IP budget keeps counting.
 */
export async function forgetFailedAttempts(
  app: Deps<'attempts'>,
  request: FastifyRequest,
  action: AttemptAction,
  email: string,
): Promise<void> {
  await Promise.all([
    app.attempts.forget(emailKey(action, email)),
    app.attempts.forget(emailIpKey(action, email, request)),
  ]);
}

/**
 * Whether `password` is the one `stored` hashes. An unknown account or a disabled password (after a
 * recovery) costs the same scrypt run against a decoy, so the time taken tells nothing
 * (decision 031).
 */
export async function passwordMatches(password: string, stored: string | null | undefined): Promise<boolean> {
  const usable = stored?.startsWith('scrypt$') ? stored : undefined;
  const valid = await verifyPassword(password, usable ?? DECOY_HASH);
  return usable !== undefined && valid;
}

/** The user whose e-mail and password these are, or the spec's 401 message. */
export async function userWithCredentials(app: Deps<'database'>, email: string, password: string) {
  const user = await findUserByEmail(app.database.db, email);
  const valid = await passwordMatches(password, user?.passwordHash);
  if (!user || !valid) throw new AppError(401, 'invalid_credentials', accountTexts.loginFailed);
  return user;
}
