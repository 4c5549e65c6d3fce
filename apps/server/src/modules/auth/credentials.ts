import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountTexts, errorMessages } from '@seguridad/contracts/messages';
import { AppError } from '../../lib/app-error';
import { verifyPassword } from '../../lib/password';
import { findUserByEmail } from './user-queries';

/** Hash of a password nobody has: checked when the e-mail is unknown, so timing reveals nothing. */
const DECOY_HASH = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

const MINUTE = 60 * 1000;

/**
 * Budgets of the anonymous account calls, besides the route's own IP limit. Calls that check a
 * password count per e-mail+IP and per IP, and only slow down (never refuse) once an e-mail's
 * global count is high, so a stranger guessing from elsewhere cannot lock the owner out. Calls that
 * send mail refuse per e-mail, so nobody can flood someone's inbox (docs/decisions/010).
 */
export const ATTEMPT_LIMITS = {
  login: { limit: 10, windowMs: 15 * MINUTE, perEmail: 'slow' },
  signup: { limit: 5, windowMs: 60 * MINUTE, perEmail: 'refuse' },
  resetRequest: { limit: 3, windowMs: 15 * MINUTE, perEmail: 'refuse' },
  codeRequest: { limit: 5, windowMs: 15 * MINUTE, perEmail: 'slow' },
  codeCheck: { limit: 10, windowMs: 15 * MINUTE, perEmail: 'slow' },
  /** The current password asked of a signed-in session (two-step phone changes): refused past it. */
  reauth: { limit: 10, windowMs: 15 * MINUTE, perEmail: 'refuse' },
} as const;

/** The wait added to each guess at an e-mail whose global count is past its budget. */
export const SLOWDOWN_MS = 1_000;

type AttemptAction = keyof typeof ATTEMPT_LIMITS;

const normalEmail = (email: string) => email.trim().toLowerCase();
const emailKey = (action: AttemptAction, email: string) => `${action}:email:${normalEmail(email)}`;
const emailIpKey = (action: AttemptAction, email: string, ip: string) =>
  `${action}:email-ip:${normalEmail(email)}:${ip}`;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function enforceAttemptLimit(
  app: FastifyInstance,
  request: FastifyRequest,
  action: AttemptAction,
  email: string,
): Promise<void> {
  const { limit, windowMs, perEmail } = ATTEMPT_LIMITS[action];
  const [byEmail, byEmailIp, byIp] = await Promise.all([
    app.attempts.hit(emailKey(action, email), limit, windowMs),
    app.attempts.hit(emailIpKey(action, email, request.ip), limit, windowMs),
    app.attempts.hit(`${action}:ip:${request.ip}`, limit * app.config.authAttemptsIpFactor, windowMs),
  ]);
  const refusing = perEmail === 'refuse' ? [byEmail, byEmailIp, byIp] : [byEmailIp, byIp];
  const blocked = refusing.find((outcome) => !outcome.allowed);
  if (blocked) {
    throw new AppError(429, 'too_many_requests', errorMessages.tooManyRequests, [
      `${errorMessages.tooManyRequests} (${Math.ceil(blocked.retryAfterSeconds / 60)} min)`,
    ]);
  }
  if (!byEmail.allowed) await pause(SLOWDOWN_MS);
}

/**
 * The right password for the account ends its run of failed guesses: an operator signing in on
 * several devices a day is not an attack. The per-IP budget keeps counting.
 */
export async function forgetFailedAttempts(
  app: FastifyInstance,
  request: FastifyRequest,
  action: AttemptAction,
  email: string,
): Promise<void> {
  await Promise.all([
    app.attempts.forget(emailKey(action, email)),
    app.attempts.forget(emailIpKey(action, email, request.ip)),
  ]);
}

/** The user whose e-mail and password these are, or the spec's 401 message. */
export async function userWithCredentials(app: FastifyInstance, email: string, password: string) {
  const user = await findUserByEmail(app.database.db, email);
  const valid = await verifyPassword(password, user?.passwordHash ?? DECOY_HASH);
  if (!user || !valid) throw new AppError(401, 'invalid_credentials', accountTexts.loginFailed);
  return user;
}
