import type { FastifyRequest } from 'fastify';
import { reauthErrors } from '@seguridad/contracts/http/settings';
import { settingsTexts } from '@seguridad/contracts/messages';
import { AppError } from '../../lib/app-error';
import { enforceAttemptLimit, forgetFailedAttempts, passwordMatches } from './credentials';
import type { AuthenticatedUser } from '../identity/session-auth-plugin';
import { passwordHashOf } from '../identity/user-queries';
import type { Deps } from '../../lib/dependencies';

/**
 * Sensitive changes (the two-step phones) need the current password every time: a session alone,
 * however fresh, is what a thief with a stolen password has too (decision 031). Guesses count
 * against the account's budget.
 */
export async function confirmOwner(
  app: Deps<'attempts' | 'config' | 'database'>,
  request: FastifyRequest & { user: AuthenticatedUser },
  password: string | undefined,
): Promise<void> {
  const user = request.user;
  if (!password) {
    throw new AppError(403, reauthErrors.passwordRequired, settingsTexts.passwordRequired);
  }
  await enforceAttemptLimit(app, request, 'reauth', user.email);
  const hash = await passwordHashOf(app.database.db, user.id);
  if (!(await passwordMatches(password, hash))) {
    throw new AppError(403, reauthErrors.passwordWrong, settingsTexts.passwordWrong);
  }
  await forgetFailedAttempts(app, request, 'reauth', user.email);
}
