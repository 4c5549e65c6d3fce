import type { FastifyInstance, FastifyRequest } from 'fastify';
import { REAUTH_WINDOW_MS } from '@seguridad/contracts/constants';
import { reauthErrors } from '@seguridad/contracts/http/settings';
import { settingsTexts } from '@seguridad/contracts/messages';
import { AppError } from '../../lib/app-error';
import { verifyPassword } from '../../lib/password';
import { enforceAttemptLimit, forgetFailedAttempts } from './credentials';
import type { AuthenticatedUser } from './session-auth-plugin';
import { passwordHashOf } from './user-queries';

/**
 * Sensitive changes (the two-step phones) need proof that the person at the keyboard is the owner:
 * a sign-in within `REAUTH_WINDOW_MS`, or the current password. A stolen session alone can then
 * not move the second factor to the thief's phone. Guesses count against the account's budget.
 */
export async function confirmOwner(
  app: FastifyInstance,
  request: FastifyRequest & { user: AuthenticatedUser },
  password: string | undefined,
  now = Date.now(),
): Promise<void> {
  const user = request.user;
  if (now - user.signedInAt.getTime() < REAUTH_WINDOW_MS) return;
  if (!password) {
    throw new AppError(403, reauthErrors.passwordRequired, settingsTexts.passwordRequired);
  }
  await enforceAttemptLimit(app, request, 'reauth', user.email);
  const hash = await passwordHashOf(app.database.db, user.id);
  if (!hash || !(await verifyPassword(password, hash))) {
    throw new AppError(403, reauthErrors.passwordWrong, settingsTexts.passwordWrong);
  }
  await forgetFailedAttempts(app, request, 'reauth', user.email);
}
