import { EMAIL_UNVERIFIED_ERROR } from '@seguridad/contracts/constants';
import { accountTexts } from '@seguridad/contracts/messages';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isEmailVerified } from './user-queries';

/**
 * What accepting an invitation and counting in the draw ask for: a proven address. 403 with the
 * sentence that offers a new link, and a code the pages recognise to show "Reenviar enlace".
 */
export async function requireVerifiedEmail(db: Database, userId: number): Promise<void> {
  if (!(await isEmailVerified(db, userId))) {
    throw new AppError(403, EMAIL_UNVERIFIED_ERROR, accountTexts.emailUnverified);
  }
}
