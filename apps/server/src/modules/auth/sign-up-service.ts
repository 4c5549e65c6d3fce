import type { SignupBody } from '@seguridad/contracts/http/auth';
import { mobileFromLocalDigits } from '@seguridad/contracts/helpers/phone';
import { accountTexts } from '@seguridad/contracts/messages';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/password';
import { grantPromoSignupAttempts } from '../wheel/wheel-queries';
import { findUserByEmail, insertUser } from './user-queries';

/**
 * Creates an account. A sign-up that carries a phone is the promo page's (spec §2 Promo page): it
 * also earns the wheel's first spin, in the same transaction as the account.
 */
export async function signUp(db: Database, body: SignupBody): Promise<void> {
  if (await findUserByEmail(db, body.email)) {
    throw new AppError(422, 'email_taken', accountTexts.emailTaken);
  }
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    const inserted = await insertUser(tx, {
      name: body.name,
      lastname: body.lastname,
      email: body.email.trim(),
      passwordHash,
      phone: body.phone ? mobileFromLocalDigits(body.phone) : null,
      shareCode: body.share_code || null,
    });
    if (!inserted) throw new AppError(422, 'email_taken', accountTexts.emailTaken);
    if (body.phone) await grantPromoSignupAttempts(tx, inserted.id);
  });
}
