import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

import { createdAt } from './columns';
import { companyOf, users } from './core';

// ─── Security network (spec §1, §3 "Network invitation", §4 statuses) ─────────────────────────────

/**
 * One row per person invited into someone's security network. The invitee is known by e-mail
 * until they answer (or already had an account when invited): the row then also names their
 * account. Only the SHA-256 of the e-mailed code is kept. Rows are deleted when the owner removes
 * the person, the member leaves, or either account is deleted.
 */
export const networkInvitations = pgTable(
  'network_invitations',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    guestEmail: text('guest_email').notNull(),
    guestUserId: integer('guest_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** 1 pending, 2 confirmed, 3 rejected (spec §4). */
    status: integer('status').$type<1 | 2 | 3>().notNull().default(1),
    codeHash: text('code_hash').notNull().unique(),
    /** The tenant the link names (`cmp`); checked when the link is used. */
    companyId: companyOf(),
    createdAt: createdAt(),
    /** Until when the e-mailed link works. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('network_invitations_owner_guest_idx').on(table.ownerId, table.guestEmail),
    index('network_invitations_guest_email_idx').on(table.guestEmail),
    index('network_invitations_guest_user_idx').on(table.guestUserId),
    check('network_invitations_status_check', sql`${table.status} in (1, 2, 3)`),
  ],
);
