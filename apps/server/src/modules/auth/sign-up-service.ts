import type { SignupBody } from '@seguridad/contracts/http/auth';
import { mobileFromLocalDigits } from '@seguridad/contracts/helpers/phone';
import { accountTexts } from '@seguridad/contracts/messages';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/password';
import { signUpForPromo } from '../promo/promo-service';
import { findUserByEmail, insertUser } from './user-queries';

/**
 * Creates an account. A sign-up that carries a phone is the promo page's (spec §2 Promo page): it
 * also enters the camera draw and earns the wheel's first spin, in the same transaction as the
 * account, and lists every reason it refuses (e-mail, phone) in one answer.
 */
export async function signUp(db: Database, body: SignupBody): Promise<void> {
  const account = {
    name: body.name,
    lastname: body.lastname,
    email: body.email.trim(),
    passwordHash: await hashPassword(body.password),
    phone: body.phone ? mobileFromLocalDigits(body.phone) : null,
    shareCode: body.share_code || null,
  };
  if (body.phone) return signUpForPromo(db, account, body.phone);
  if (await findUserByEmail(db, body.email)) {
    throw new AppError(422, 'email_taken', accountTexts.emailTaken);
  }
  if (!(await insertUser(db, account))) throw new AppError(422, 'email_taken', accountTexts.emailTaken);
}
