import { maskPhone } from '@seguridad/contracts/helpers/phone';
import { accountReactivationMail, passwordChangedMail, twoStepPhoneChangedMail } from './account-mails';
import { removeAuthenticator } from './authenticator-queries';
import { recordSecurityEvent } from '../identity/security-event-queries';
import { revokeAllSessions } from '../identity/session-service';
import { mailContext } from './sign-in-service';
import { consumeEmailToken, issueEmailToken, revokeEmailTokens } from './token-queries';
import { disablePassword, findUserById, removeAllUserPhones } from '../identity/user-queries';
import type { Deps } from '../../lib/dependencies';

/**
 * What proves the mailbox (a recovery link, a reset link) takes the account back from whoever
 * holds the password: every two-step phone and the authenticator app go (nobody can tell which a thief added; the owner
 * is told which, and adds theirs again with the new password), and the log says so.
 */
async function removeTwoStepPhones(app: Deps<'database'>, userId: number): Promise<string[]> {
  const removed = (await removeAllUserPhones(app.database.db, userId)).map((phone) => maskPhone(phone));
  for (const phone of removed) await recordSecurityEvent(app.database.db, userId, 'phone_removed', phone);
  // An authenticator app a thief enrolled is as much theirs as a phone (decision 054).
  if (await removeAuthenticator(app.database.db, userId)) {
    await recordSecurityEvent(app.database.db, userId, 'authenticator_removed');
  }
  return removed;
}

/**
 * The recovery link works on its own: it proves the mailbox, so it needs no session (a thief who
 * ended every session must not make it useless). Every session ends, the password stops working,
 * the two-step phones go, and the owner is mailed a link to choose a new password. False when the
 * link is used, expired or unknown.
 */
export async function recoverAccount(
  app: Deps<'config' | 'database' | 'io' | 'mail'>,
  token: string,
): Promise<boolean> {
  const db = app.database.db;
  const used = await consumeEmailToken(db, token, 'account_recovery');
  if (!used) return false;
  const user = await findUserById(db, used.userId);
  if (!user) return false;
  await disablePassword(db, user.id);
  await revokeAllSessions(app, user.id);
  await recordSecurityEvent(db, user.id, 'all_sessions_revoked');
  const removedPhones = await removeTwoStepPhones(app, user.id);
  await revokeEmailTokens(db, user.id, 'password_reset');
  const resetToken = await issueEmailToken(db, user.id, 'password_reset');
  await app.mail.send(accountReactivationMail(mailContext(app, user), resetToken, removedPhones));
  return true;
}

/**
 * After a password reset through the mailed link: the two-step phones go (a thief with the old
 * password may have added one, and the next sign-in must not offer only theirs), sessions end
 * unless the owner turned the switch off, and the owner is mailed what happened.
 */
export async function afterPasswordReset(
  app: Deps<'config' | 'database' | 'io' | 'mail'>,
  userId: number,
  endSessions: boolean,
): Promise<void> {
  const db = app.database.db;
  const user = await findUserById(db, userId);
  if (!user) return;
  await recordSecurityEvent(db, userId, 'password_changed');
  if (endSessions) {
    await revokeAllSessions(app, userId);
    await recordSecurityEvent(db, userId, 'all_sessions_revoked');
  }
  const removedPhones = await removeTwoStepPhones(app, userId);
  await app.mail.send(passwordChangedMail(mailContext(app, user), endSessions, removedPhones));
}

/** Mails the owner that a two-step phone was added or removed, with a link that undoes it. */
export async function notifyTwoStepPhoneChange(
  app: Deps<'config' | 'database' | 'mail'>,
  user: { id: number; name: string; lastname: string; email: string; deviceId: number | null },
  change: 'added' | 'removed',
  phone: string,
): Promise<void> {
  const token = await issueEmailToken(app.database.db, user.id, 'account_recovery', user.deviceId);
  await app.mail.send(twoStepPhoneChangedMail(mailContext(app, user), token, change, maskPhone(phone)));
}
