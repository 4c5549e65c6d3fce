import type { SignupBody } from '@seguridad/contracts/http/auth';
import { mobileFromLocalDigits } from '@seguridad/contracts/helpers/phone';
import { accountTexts } from '@seguridad/contracts/messages';
import { AppError } from '../../lib/app-error';
import type { Deps } from '../../lib/dependencies';
import { hashPassword } from '../../lib/password';
import { signUpForPromo } from '../promo/promo-service';
import { sendVerificationLink } from './email-verification-service';
import { findUserByEmail, insertUser } from '../identity/user-queries';

/**
 * Creates an account and mails the link that proves its address (decision 039). A sign-up that
 * carries a phone is the promo page's (spec §2 Promo page): it also enters the camera draw and
 * earns the wheel's first spin, in the same transaction as the account, and lists every reason it
 * refuses (e-mail, phone) in one answer.
 */
export async function signUp(
  app: Deps<'database' | 'mail' | 'config' | 'log'>,
  body: SignupBody,
): Promise<void> {
  const db = app.database.db;
  const account = {
    name: body.name,
    lastname: body.lastname,
    email: body.email.trim(),
    passwordHash: await hashPassword(body.password),
    phone: body.phone ? mobileFromLocalDigits(body.phone) : null,
    shareCode: body.share_code || null,
  };
  let userId: number;
  if (body.phone) {
    userId = await signUpForPromo(db, account, body.phone);
  } else {
    if (await findUserByEmail(db, body.email)) {
      throw new AppError(422, 'email_taken', accountTexts.emailTaken);
    }
    const inserted = await insertUser(db, account);
    if (!inserted) throw new AppError(422, 'email_taken', accountTexts.emailTaken);
    userId = inserted.id;
  }
  try {
    await sendVerificationLink(app, { id: userId, name: account.name, email: account.email });
  } catch (failure) {
    // The account exists either way; "Reenviar enlace" sends another when the mail did not leave.
    app.log.error({ err: failure, userId }, 'the verification link could not be mailed');
  }
}
