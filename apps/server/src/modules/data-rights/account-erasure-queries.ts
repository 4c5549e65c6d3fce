import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  callbacks,
  contactMessages,
  dataExports,
  flowSimulatorPayments,
  networkInvitations,
  orders,
  userPhones,
  users,
  videoMails,
} from '../../db/schema';

/** What an account deletion removed, by kind; `fileKeys` are the storage objects to remove after. */
export type AccountErasure = {
  videoMails: number;
  contactMessages: number;
  callbacks: number;
  networkInvitations: number;
  ordersAnonymised: number;
  fileKeys: string[];
};

const digitsOf = (column: typeof callbacks.phone) => sql`regexp_replace(${column}, '[^0-9]', '', 'g')`;

/**
 * Erases everything the platform holds about an account (decision 034), in one transaction:
 * - what was sent from the widget with the account's e-mail (video mails, contact messages) or
 *   one of its phones (callbacks) goes, the video mails' files after the commit;
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
export async function eraseAccount(db: Database, userId: number): Promise<AccountErasure | undefined> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ email: users.email, phone: users.phone })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) return undefined;
    const email = user.email.trim().toLowerCase();
    const phoneRows = await tx
      .select({ phone: userPhones.phone })
      .from(userPhones)
      .where(eq(userPhones.userId, userId));
    const phoneDigits = [user.phone, ...phoneRows.map((row) => row.phone)]
      .filter((phone): phone is string => Boolean(phone))
      .map((phone) => phone.replace(/\D/g, ''))
      .filter((digits) => digits.length >= 8);

    const removedMails = await tx
      .delete(videoMails)
      .where(and(eq(sql`lower(${videoMails.email})`, email), isNull(videoMails.holdReason)))
      .returning({ videoKey: videoMails.videoKey, thumbnailKey: videoMails.thumbnailKey });
    const removedMessages = await tx
      .delete(contactMessages)
      .where(and(eq(sql`lower(${contactMessages.email})`, email), isNull(contactMessages.holdReason)))
      .returning({ id: contactMessages.id });
    const removedCallbacks =
      phoneDigits.length === 0
        ? []
        : await tx
            .delete(callbacks)
            .where(inArray(digitsOf(callbacks.phone), phoneDigits))
            .returning({ id: callbacks.id });
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
      ],
    };
  });
}
