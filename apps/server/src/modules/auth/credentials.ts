import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountTexts, errorMessages } from '@seguridad/contracts/messages';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { verifyPassword } from '../../lib/password';

/** Hash of a password nobody has: checked when the e-mail is unknown, so timing reveals nothing. */
const DECOY_HASH = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

const MINUTE = 60 * 1000;

/** Per e-mail and per IP budgets of the anonymous account calls, besides the route's own IP limit. */
export const ATTEMPT_LIMITS = {
  login: { limit: 10, windowMs: 15 * MINUTE },
  signup: { limit: 5, windowMs: 60 * MINUTE },
  resetRequest: { limit: 3, windowMs: 15 * MINUTE },
  codeRequest: { limit: 5, windowMs: 15 * MINUTE },
  codeCheck: { limit: 10, windowMs: 15 * MINUTE },
} as const;

const attemptKey = (action: keyof typeof ATTEMPT_LIMITS, email: string) =>
  `${action}:email:${email.trim().toLowerCase()}`;

export async function enforceAttemptLimit(
  app: FastifyInstance,
  request: FastifyRequest,
  action: keyof typeof ATTEMPT_LIMITS,
  email: string,
): Promise<void> {
  const { limit, windowMs } = ATTEMPT_LIMITS[action];
  const [byEmail, byIp] = await Promise.all([
    app.attempts.hit(attemptKey(action, email), limit, windowMs),
    app.attempts.hit(`${action}:ip:${request.ip}`, limit * app.config.authAttemptsIpFactor, windowMs),
  ]);
  const blocked = [byEmail, byIp].find((outcome) => !outcome.allowed);
  if (blocked) {
    throw new AppError(429, 'too_many_requests', errorMessages.tooManyRequests, [
      `${errorMessages.tooManyRequests} (${Math.ceil(blocked.retryAfterSeconds / 60)} min)`,
    ]);
  }
}

/**
 * The right password for the account ends its run of failed guesses: an operator signing in on
 * several devices a day is not an attack. The address's own budget keeps counting.
 */
export async function forgetFailedAttempts(
  app: FastifyInstance,
  action: keyof typeof ATTEMPT_LIMITS,
  email: string,
): Promise<void> {
  await app.attempts.forget(attemptKey(action, email));
}

export async function findUserByEmail(app: FastifyInstance, email: string) {
  const [user] = await app.database.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return user;
}

/** The user whose e-mail and password these are, or the spec's 401 message. */
export async function userWithCredentials(app: FastifyInstance, email: string, password: string) {
  const user = await findUserByEmail(app, email);
  const valid = await verifyPassword(password, user?.passwordHash ?? DECOY_HASH);
  if (!user || !valid) throw new AppError(401, 'invalid_credentials', accountTexts.loginFailed);
  return user;
}
