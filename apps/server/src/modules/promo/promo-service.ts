import { DRAW } from '@seguridad/contracts/constants';
import { canonicalMailbox } from '@seguridad/contracts/helpers/mailbox';
import { maskPhone, mobileFromLocalDigits } from '@seguridad/contracts/helpers/phone';
import type { PromoStatusResponse } from '@seguridad/contracts/http/promo';
import { accountTexts, promoTexts } from '@seguridad/contracts/messages';
import type { Database } from '../../db/client';
import type { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { AuthenticatedUser } from '../identity/session-auth-plugin';
import { inviteToNetwork } from '../networks/network-service';
import { grantConsent } from '../consents/consent-queries';
import { grantPromoSignupAttempts } from '../wheel/wheel-queries';
import {
  accountEmailVerified,
  entriesBefore,
  entryCount,
  entryOf,
  firstEntries,
  insertPromoAccount,
  invitedAddressesOf,
  type EntryWithInvitations,
} from './promo-queries';
import type { Deps } from '../../lib/dependencies';

/**
 * The invitations that count for the draw: distinct mailboxes (Gmail variants are one) other than
 * the registrant's own.
 */
export function countedInvitations(ownEmail: string, invited: readonly string[]): number {
  const own = canonicalMailbox(ownEmail);
  return new Set(invited.map(canonicalMailbox).filter((mailbox) => mailbox !== own)).size;
}

/**
 * Promo sign-up (spec §3 "Promo" registration): the account and its draw entry, created together.
 * Every reason to refuse is listed, so the page can show them all as '* ' lines (spec §8).
 */
export async function signUpForPromo(
  db: Database,
  account: typeof users.$inferInsert & { email: string },
  phoneDigits: string,
): Promise<number> {
  const phone = mobileFromLocalDigits(phoneDigits);
  const outcome = await insertPromoAccount(
    db,
    { user: account, mailbox: canonicalMailbox(account.email), phone },
    async (tx, userId) => {
      await grantPromoSignupAttempts(tx, userId);
      // The page shows the draw's terms above Registrarme: signing up is accepting them (decision 049).
      await grantConsent(tx, userId, 'promo_terms', 'web');
    },
  );
  if (outcome.kind === 'created') return outcome.userId;
  const reasons = [
    ...(outcome.emailTaken ? [accountTexts.emailTaken] : []),
    ...(outcome.mailboxEntered && !outcome.emailTaken ? [promoTexts.emailAlreadyEntered] : []),
    ...(outcome.phoneEntered ? [promoTexts.phoneAlreadyEntered] : []),
  ];
  throw new AppError(422, 'promo_taken', reasons[0] ?? accountTexts.emailTaken, reasons);
}

export async function placesLeft(db: Database): Promise<number> {
  return Math.max(0, DRAW.eligibleRegistrants - (await entryCount(db)));
}

export async function promoStatus(db: Database, user: AuthenticatedUser): Promise<PromoStatusResponse> {
  const [entry, places] = await Promise.all([entryOf(db, user.id), placesLeft(db)]);
  const base = {
    code: 200 as const,
    invitations_required: DRAW.invitationsRequired,
    places_left: places,
  };
  const emailVerified = await accountEmailVerified(db, user.id);
  if (!entry) {
    return {
      ...base,
      registered: false,
      invitations: 0,
      eligible: false,
      phone_to_verify: null,
      phone_verified: false,
      email_verified: emailVerified,
    };
  }
  const invitations = countedInvitations(user.email, await invitedAddressesOf(db, user.id));
  const phoneVerified = entry.phoneVerifiedAt !== null;
  const counted = phoneVerified && emailVerified;
  const inFirstThousand = counted && (await entriesBefore(db, entry.id)) < DRAW.eligibleRegistrants;
  return {
    ...base,
    registered: true,
    invitations,
    eligible: inFirstThousand && invitations >= DRAW.invitationsRequired,
    phone_to_verify: phoneVerified ? null : maskPhone(entry.phone),
    phone_verified: phoneVerified,
    email_verified: emailVerified,
  };
}

/**
 * An invitation from the promo dialog: refuses the registrant's own mailbox and another way of
 * writing a mailbox already invited, then invites through the security network (its cap, rate
 * limit and e-mail apply).
 */
export async function inviteFromPromo(
  app: Deps<'attempts' | 'config' | 'database' | 'io' | 'mail'>,
  user: AuthenticatedUser,
  guestEmail: string,
): Promise<void> {
  const db = app.database.db;
  if (!(await entryOf(db, user.id))) throw new AppError(409, 'not_entered', promoTexts.notEntered);
  const guest = canonicalMailbox(guestEmail);
  if (guest === canonicalMailbox(user.email)) throw new AppError(409, 'own_address', promoTexts.ownAddress);
  const typed = guestEmail.trim().toLowerCase();
  const variant = (await invitedAddressesOf(db, user.id)).some(
    (address) => address !== typed && canonicalMailbox(address) === guest,
  );
  if (variant) throw new AppError(409, 'same_mailbox', promoTexts.sameMailbox);
  await inviteToNetwork(app, user, guestEmail);
}

/**
 * The first entries in line that invited enough people: who can win (spec §1, §9). Checked again
 * with today's folding whenever the list is computed (and so when it is frozen): an entry whose
 * mailbox folds to an earlier entry's (stored before `+tags` were folded on every domain) does not
 * count, nor do invitations to the registrant's own mailbox, nor an entry whose phone or account
 * e-mail was never proven (decision 039).
 */
export function eligibleAmong(entries: readonly EntryWithInvitations[]): EntryWithInvitations[] {
  const seenMailboxes = new Set<string>();
  return entries.filter((entry) => {
    if (!entry.phoneVerified || !entry.emailVerified) return false;
    const mailbox = canonicalMailbox(entry.accountEmail);
    const repeated = seenMailboxes.has(mailbox) || seenMailboxes.has(canonicalMailbox(entry.email));
    seenMailboxes.add(mailbox).add(canonicalMailbox(entry.email));
    return !repeated && countedInvitations(entry.accountEmail, entry.invited) >= DRAW.invitationsRequired;
  });
}

export async function eligibleEntries(db: Database): Promise<EntryWithInvitations[]> {
  return eligibleAmong(await firstEntries(db, DRAW.eligibleRegistrants));
}
