import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

import { createdAt } from './columns';
import { users } from './core';

// ─── Camera draw (spec §1, §3 "Promo invitation", "Winner"; docs/decisions/015) ──────────────────

/**
 * One row per promo registrant, created with the account at promo sign-up. The id is the entry's
 * place in line: the first `DRAW.eligibleRegistrants` ids are the ones that can win. One entry per
 * mailbox (Gmail dots and `+tags` folded, see `helpers/mailbox.ts`) and one per phone.
 */
export const promoEntries = pgTable(
  'promo_entries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `canonicalMailbox(email)`. */
    email: text('email').notNull(),
    /** E.164 mobile (`+569…`). */
    phone: text('phone').notNull(),
    /** When a code sent to `phone` came back: until then the entry does not count (decision 039). */
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('promo_entries_email_idx').on(table.email),
    uniqueIndex('promo_entries_phone_idx').on(table.phone),
  ],
);

/** A line of the published eligible list: what the commitment covers, privacy-safe. */
export type PublishedEntry = { id: number; name: string; phone: string };

/**
 * The draw: one row (id 1) per campaign. Publishing stores the secret seed, its SHA-256
 * commitment, the frozen eligible list and its hash; running it stores the shuffled entry ids.
 */
export const promoDraws = pgTable(
  'promo_draws',
  {
    id: integer('id').primaryKey(),
    /** 32 random bytes in hex; secret until `drawnAt`. */
    seed: text('seed').notNull(),
    commitment: text('commitment').notNull(),
    listHash: text('list_hash').notNull(),
    eligible: jsonb('eligible').$type<PublishedEntry[]>().notNull(),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    drawnBy: integer('drawn_by').references(() => users.id, { onDelete: 'set null' }),
    /** Every eligible entry id in draw order: winners first, then the alternates. */
    order: jsonb('draw_order').$type<number[]>(),
  },
  (table) => [check('promo_draws_single_check', sql`${table.id} = 1`)],
);
