import type { FastifyRequest } from 'fastify';
import type { DeviceInfo } from '@seguridad/contracts/http/auth';
import { accountTexts } from '@seguridad/contracts/messages';
import { AppError } from '../../lib/app-error';
import { isForeignKeyViolation } from '../../lib/database-errors';
import { newDeviceMail } from './account-mails';
import { userAgentName } from '@seguridad/contracts/helpers/user-agent';
import { recordSecurityEvent } from '../identity/security-event-queries';
import { openSession, recordSignInDevice } from '../identity/session-queries';
import { issueEmailToken } from './token-queries';
import type { Deps } from '../../lib/dependencies';

type UserRow = { id: number; name: string; lastname: string; email: string };

export function mailContext(app: Deps<'config'>, user: UserRow) {
  return {
    brandName: app.config.brandName,
    publicBaseUrl: app.config.publicBaseUrl,
    name: user.name,
    email: user.email,
  };
}

/**
 * Opens a session; a device the account never used before gets the owner an alert e-mail. An
 * account deleted while this ran answers as a wrong password would, not as a server error.
 */
export async function signIn(
  app: Deps<'config' | 'database' | 'mail'>,
  request: FastifyRequest,
  user: UserRow,
  device: DeviceInfo | undefined,
) {
  try {
    return await openSignIn(app, request, user, device);
  } catch (error) {
    if (isForeignKeyViolation(error))
      throw new AppError(401, 'invalid_credentials', accountTexts.loginFailed);
    throw error;
  }
}

async function openSignIn(
  app: Deps<'config' | 'database' | 'mail'>,
  request: FastifyRequest,
  user: UserRow,
  device: DeviceInfo | undefined,
) {
  const db = app.database.db;
  const userAgent = request.headers['user-agent'];
  const signInDevice = await recordSignInDevice(db, user.id, device, userAgent);
  const token = await openSession(db, user.id, signInDevice.id, userAgent);
  await recordSecurityEvent(db, user.id, 'sign_in', device?.name ?? userAgentName(userAgent));
  if (signInDevice.isNew && !signInDevice.isFirst) {
    const recoveryToken = await issueEmailToken(db, user.id, 'account_recovery', signInDevice.id);
    await app.mail.send(
      newDeviceMail(mailContext(app, user), recoveryToken, signInDevice.description, userAgent),
    );
  }
  return {
    code: 200 as const,
    access_token: token,
    token_type: 'Bearer' as const,
    user: { id: user.id, name: user.name, lastname: user.lastname, email: user.email },
  };
}
