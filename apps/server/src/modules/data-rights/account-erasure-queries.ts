import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  callbacks,
  companyMembers,
  contactMessages,
  dataExports,
  flowSimulatorPayments,
  networkInvitations,
  orders,
  userAvatars,
  userPhones,
  users,
  videoMails,
} from '../../db/schema';
import { lockCompanyStaff, otherActiveAdmins } from '../staff/staff-queries';

/** What an account deletion removed, by kind; `fileKeys` are the storage objects to remove after. */
export type AccountErasure = {
  videoMails: number;
  contactMessages: number;
  callbacks: number;
  networkInvitations: number;
  ordersAnonymised: number;
  fileKeys: string[];
  /** Per company, how many of its items of each kind went: what its audit trail records. */
  byCompany: Map<number, ErasedItems>;
};
export type ErasedItems = { video_mails: number; contact_messages: number; callbacks: number };

function countByCompany(removed: { kind: keyof ErasedItems; rows: { companyId: number }[] }[]) {
  const byCompany = new Map<number, ErasedItems>();
  for (const { kind, rows } of removed) {
    for (const { companyId } of rows) {
      const counts = byCompany.get(companyId) ?? { video_mails: 0, contact_messages: 0, callbacks: 0 };
      counts[kind] += 1;
      byCompany.set(companyId, counts);
    }
  }
  return byCompany;
}

const digitsOf = (column: typeof callbacks.phone) => sql`regexp_replace(${column}, '[^0-9]', '', 'g')`;

/**
 * Erases everything the platform holds about an account (decision 034), in one transaction:
 * - what was sent from the widget with the account's e-mail (video mails, contact messages) goes
 *   only once the account proved that e-mail, and callbacks only to a phone the account confirmed
 *   by a code: the rule of the data export (decision 040). Sign-up alone proves nothing, so anyone
 *   could otherwise register a victim's address or type their phone into a profile and erase
 *   what the victim sent before anyone answered it. The video mails' files go after the commit;
 * - invitations into a network sent to its e-mail that nobody answered go (the ones it answered,
 *   its own network, promo entry, wheel, sessions, devices, phones and security log go with the
 *   account by cascade);
 * - orders stay, as tax law requires, with the person removed: no account, no e-mail, no shipping
 *   data. The Flow token stays, so the payment's page still answers.
 * Items under a legal hold are kept as they are: the policy's exception for a complaint or a case.
 * Calls the account made signed in lose the link to it (`user_id` set null by the foreign key) and
 * follow the retention table like any widget call; its «Mis datos» ZIPs go, files after the commit
 * (decision 040).
 */
export async function eraseAccount(
  db: Database,
  userId: number,
): Promise<AccountErasure | 'last_admin' | undefined> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ email: users.email, emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) return undefined;
    // The only active administrator of a company stays until they name another: a company
    // nobody can manage cannot invite, deactivate or rotate its key. Under the company's lock,
    // so two administrators deleting their accounts at once take turns.
    const adminOf = await tx
      .select({ companyId: companyMembers.companyId })
      .from(companyMembers)
      .where(
        and(
          eq(companyMembers.userId, userId),
          eq(companyMembers.role, 'admin'),
          isNull(companyMembers.deactivatedAt),
        ),
      );
    for (const { companyId } of adminOf) {
      await lockCompanyStaff(tx, companyId);
      if ((await otherActiveAdmins(tx, companyId, userId)) === 0) return 'last_admin';
    }
    const email = user.email.trim().toLowerCase();
    const emailProven = user.emailVerifiedAt !== null;
    const phoneRows = await tx
      .select({ phone: userPhones.phone })
      .from(userPhones)
      .where(and(eq(userPhones.userId, userId), isNotNull(userPhones.confirmedAt)));
    const phoneDigits = phoneRows
      .map((row) => row.phone.replace(/\D/g, ''))
      .filter((digits) => digits.length >= 8);

    const removedMails = emailProven
      ? await tx
          .delete(videoMails)
          .where(and(eq(sql`lower(${videoMails.email})`, email), isNull(videoMails.holdReason)))
          .returning({
            companyId: videoMails.companyId,
            videoKey: videoMails.videoKey,
            thumbnailKey: videoMails.thumbnailKey,
          })
      : [];
    const removedMessages = emailProven
      ? await tx
          .delete(contactMessages)
          .where(and(eq(sql`lower(${contactMessages.email})`, email), isNull(contactMessages.holdReason)))
          .returning({ companyId: contactMessages.companyId })
      : [];
    const removedCallbacks =
      phoneDigits.length === 0
        ? []
        : await tx
            .delete(callbacks)
            .where(inArray(digitsOf(callbacks.phone), phoneDigits))
            .returning({ companyId: callbacks.companyId });
    const removedInvitations = await tx
      .delete(networkInvitations)
      .where(and(eq(networkInvitations.guestEmail, email), isNull(networkInvitations.guestUserId)))
      .returning({ id: networkInvitations.id });

    const anonymised = await tx
      .update(orders)
      .set({ userId: null, email: '', shipping: null })
      .where(eq(orders.userId, userId))
      .returning({ commerceOrder: orders.commerceOrder });
    if (anonymised.length > 0) {
      // The built-in Flow simulator's copy (development only) forgets the payer too.
      await tx
        .update(flowSimulatorPayments)
        .set({ email: '' })
        .where(
          inArray(
            flowSimulatorPayments.commerceOrder,
            anonymised.map((order) => order.commerceOrder),
          ),
        );
    }
    const exportFiles = await tx
      .select({ key: dataExports.storageKey })
      .from(dataExports)
      .where(eq(dataExports.userId, userId));
    const avatars = await tx
      .select({ key: userAvatars.storageKey })
      .from(userAvatars)
      .where(eq(userAvatars.userId, userId));
    await tx.delete(users).where(eq(users.id, userId));
    return {
      videoMails: removedMails.length,
      contactMessages: removedMessages.length,
      callbacks: removedCallbacks.length,
      networkInvitations: removedInvitations.length,
      ordersAnonymised: anonymised.length,
      fileKeys: [
        ...removedMails.flatMap((mail) => [mail.videoKey, mail.thumbnailKey]),
        ...exportFiles.flatMap((file) => (file.key ? [file.key] : [])),
        ...avatars.map((avatar) => avatar.key),
      ],
      byCompany: countByCompany([
        { kind: 'video_mails', rows: removedMails },
        { kind: 'contact_messages', rows: removedMessages },
        { kind: 'callbacks', rows: removedCallbacks },
      ]),
    };
  });
}
