import { accountTexts } from '@seguridad/contracts/messages';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Deps } from '../../lib/dependencies';
import { emailVerificationMail } from './account-mails';
import { consumeEmailToken, issueEmailToken, revokeEmailTokens } from './token-queries';
import { isEmailVerified, markEmailVerified } from '../identity/user-queries';

/** Links one account may ask for again, per hour: enough for a lost mail, too few to mail-bomb. */
export const VERIFICATION_LINKS_PER_HOUR = 3;
const HOUR_MS = 60 * 60 * 1000;

type Addressee = { id: number; name: string; email: string };

/**
 * Mails a new single-use verification link (decision 039). A new link retires the earlier ones,
 * so only the latest mail works.
 */
export async function sendVerificationLink(
  app: Deps<'database' | 'mail' | 'config'>,
  user: Addressee,
): Promise<void> {
  const db = app.database.db;
  await revokeEmailTokens(db, user.id, 'email_verification');
  const token = await issueEmailToken(db, user.id, 'email_verification');
  const context = {
    brandName: app.config.brandName,
    publicBaseUrl: app.config.publicBaseUrl,
    name: user.name,
    email: user.email,
  };
  await app.mail.send(emailVerificationMail(context, token));
}

/** "Reenviar enlace": refused once the address is proven, and held to a budget per account. */
export async function resendVerificationLink(
  app: Deps<'database' | 'mail' | 'config' | 'attempts'>,
  user: Addressee,
): Promise<void> {
  if (await isEmailVerified(app.database.db, user.id)) {
    throw new AppError(409, 'email_already_verified', accountTexts.emailAlreadyVerified);
  }
  const limit = await app.attempts.hit(
    `emailVerification:user:${user.id}`,
    VERIFICATION_LINKS_PER_HOUR,
    HOUR_MS,
  );
  if (!limit.allowed) throw new AppError(429, 'too_many_links', accountTexts.verificationLinkLimit);
  await sendVerificationLink(app, user);
}

/** Uses a verification link's code once; false when it is unknown, used or expired. */
export async function confirmEmailByCode(db: Database, code: string): Promise<boolean> {
  const used = await consumeEmailToken(db, code, 'email_verification');
  if (!used) return false;
  await markEmailVerified(db, used.userId);
  return true;
}
