import { NETWORK_INVITATION_TTL_DAYS, SECURITY_NETWORK_MAX_PEOPLE } from '@seguridad/contracts/constants';
import { NETWORK_STATUS } from '@seguridad/contracts/http/networks';
import { networkEvents, type NetworkChangedEvent } from '@seguridad/contracts/realtime/networks';
import { errorMessages, networkTexts } from '@seguridad/contracts/messages';
import { AppError } from '../../lib/app-error';
import type { Deps } from '../../lib/dependencies';
import { hashToken, newToken } from '../../lib/tokens';
import { requireVerifiedEmail } from '../identity/verified-email';
import type { AuthenticatedUser } from '../identity/session-auth-plugin';
import { defaultCompanyId } from '../company/company-queries';
import { invitationLink, networkInvitationMail } from './network-mails';
import {
  addInvitationWithinCap,
  answerInvitation,
  deleteInvitation,
  invitationByCodeHash,
  removeInvitation,
  userIdByEmail,
} from './network-queries';

/** Invitations send e-mail to addresses the user types: this many per user per hour, at most. */
export const INVITATIONS_PER_HOUR = 20;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Tells the other person's open pages (every process, through the Redis adapter) to refresh. */
function notify(app: Deps<'io'>, userId: number | null | undefined, event: NetworkChangedEvent) {
  if (userId) app.io.to(`user:${userId}`).emit(networkEvents.changed, event);
}

/**
 * Invites `guestEmail` into the user's network and e-mails the link. Refuses the user's own
 * address, an address already pending or confirmed, and a sixth person (spec §1).
 */
export async function inviteToNetwork(
  app: Deps<'database' | 'attempts' | 'config' | 'mail' | 'io'>,
  owner: AuthenticatedUser,
  guestEmailTyped: string,
): Promise<void> {
  const db = app.database.db;
  const guestEmail = guestEmailTyped.trim().toLowerCase();
  const limit = await app.attempts.hit(`networkInvite:user:${owner.id}`, INVITATIONS_PER_HOUR, HOUR_MS);
  if (!limit.allowed) {
    throw new AppError(429, 'too_many_requests', errorMessages.tooManyRequests, [
      `${errorMessages.tooManyRequests} (${Math.ceil(limit.retryAfterSeconds / 60)} min)`,
    ]);
  }
  if (guestEmail === owner.email.trim().toLowerCase()) {
    throw new AppError(409, 'self_invite', networkTexts.selfInvite);
  }
  const companyId = await defaultCompanyId(db);
  if (companyId === undefined) throw new Error('no company: the database was not seeded');
  const code = newToken();
  const guestUserId = (await userIdByEmail(db, guestEmail)) ?? null;
  const outcome = await addInvitationWithinCap(
    db,
    {
      ownerId: owner.id,
      guestEmail,
      guestUserId,
      codeHash: hashToken(code),
      companyId,
      expiresAt: new Date(Date.now() + NETWORK_INVITATION_TTL_DAYS * DAY_MS),
    },
    SECURITY_NETWORK_MAX_PEOPLE,
  );
  if (outcome.kind === 'duplicate') throw new AppError(409, 'already_invited', networkTexts.alreadyInvited);
  if (outcome.kind === 'full') throw new AppError(409, 'network_full', networkTexts.networkFull);
  const mail = networkInvitationMail(
    {
      brandName: app.config.brandName,
      publicBaseUrl: app.config.publicBaseUrl,
      guestEmail,
      owner: { name: owner.name, lastname: owner.lastname, email: owner.email },
    },
    invitationLink(app.config.publicBaseUrl, code, companyId),
  );
  mail.expiresAt = new Date(Date.now() + NETWORK_INVITATION_TTL_DAYS * DAY_MS);
  try {
    await app.mail.send(mail);
  } catch (failure) {
    // An invitation nobody received must not hold one of the five places.
    await deleteInvitation(db, outcome.id);
    throw failure;
  }
  notify(app, guestUserId, { invitation_id: outcome.id, change: 'invited' });
}

/**
 * The invitee confirms or rejects from Redes Externas (only while pending; the same answer twice
 * changes nothing). Anyone else's invitation is a 404, whether it exists or not. Either answer
 * needs a proven address: whoever registered someone else's address must not join their
 * network, nor turn the invitation down for them (decision 039).
 */
export async function answerFromSettings(
  app: Deps<'database' | 'io'>,
  user: AuthenticatedUser,
  invitationId: number,
  status: 2 | 3,
): Promise<void> {
  await requireVerifiedEmail(app.database.db, user.id);
  const outcome = await answerInvitation(app.database.db, invitationId, user, status);
  if (outcome.kind === 'not_found') {
    throw new AppError(404, 'invitation_not_found', networkTexts.invitationNotFound);
  }
  if (outcome.kind === 'already_answered') {
    throw new AppError(409, 'invitation_answered', networkTexts.invitationInvalid);
  }
  if (outcome.kind === 'answered')
    notify(app, outcome.ownerId, { invitation_id: invitationId, change: 'answered' });
}

/** The owner removes someone or cancels an invitation, or the member leaves; others get 404. */
export async function leaveOrRemove(
  app: Deps<'database' | 'io'>,
  user: AuthenticatedUser,
  invitationId: number,
) {
  const db = app.database.db;
  const removed = await removeInvitation(db, invitationId, user);
  if (!removed) throw new AppError(404, 'invitation_not_found', networkTexts.invitationNotFound);
  const otherPerson =
    removed.ownerId === user.id
      ? (removed.guestUserId ?? (await userIdByEmail(db, removed.guestEmail)))
      : removed.ownerId;
  notify(app, otherPerson, { invitation_id: invitationId, change: 'removed' });
}

/**
 * The invitation behind an e-mailed code while it can still be answered: it exists, belongs to
 * the company the link names, is pending and has not expired. Undefined otherwise.
 */
export async function openInvitationByCode(app: Deps<'database'>, code: string, companyId: number) {
  const invitation = await invitationByCodeHash(app.database.db, hashToken(code));
  if (!invitation || invitation.companyId !== companyId) return undefined;
  return invitation;
}

function isOpen(invitation: { status: number; expiresAt: Date }): boolean {
  return invitation.status === NETWORK_STATUS.pending && invitation.expiresAt.getTime() > Date.now();
}

/** The inviting user's name for the invitation page; 404 unless the link can still be answered. */
export async function invitingUserByCode(app: Deps<'database'>, code: string, companyId: number) {
  const invitation = await openInvitationByCode(app, code, companyId);
  if (!invitation || !isOpen(invitation)) {
    throw new AppError(404, 'invitation_invalid', networkTexts.invitationInvalid);
  }
  return { name: invitation.ownerName, lastname: invitation.ownerLastname };
}

/**
 * Accepts (2) or rejects (3) by link. Only the account the invitation was sent to may answer, once
 * its address is proven (decision 039); giving the answer already given changes nothing.
 */
export async function answerByCode(
  app: Deps<'database' | 'io'>,
  user: AuthenticatedUser,
  answer: { code: string; companyId: number; status: 2 | 3 },
): Promise<void> {
  const invitation = await openInvitationByCode(app, answer.code, answer.companyId);
  if (!invitation) throw new AppError(404, 'invitation_invalid', networkTexts.invitationInvalid);
  const forThisUser =
    invitation.guestUserId === user.id || invitation.guestEmail === user.email.trim().toLowerCase();
  if (!forThisUser) throw new AppError(403, 'invitation_not_for_you', networkTexts.invitationNotForYou);
  await requireVerifiedEmail(app.database.db, user.id);
  if (invitation.status === answer.status) return;
  if (!isOpen(invitation)) throw new AppError(404, 'invitation_invalid', networkTexts.invitationInvalid);
  const outcome = await answerInvitation(app.database.db, invitation.id, user, answer.status);
  if (outcome.kind === 'answered') {
    notify(app, outcome.ownerId, { invitation_id: invitation.id, change: 'answered' });
  }
  if (outcome.kind === 'answered' || outcome.kind === 'unchanged') return;
  throw new AppError(404, 'invitation_invalid', networkTexts.invitationInvalid);
}
