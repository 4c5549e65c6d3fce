import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

import { createdAt } from './columns';
import { ownerOf, users } from './core';

// ───────────────────────────────────────────────────────────────────────────────────────────────
// Prize wheel (docs/decisions/016): the 10 sections with their odds and stock, each user's spins
// left and accumulated draw opportunities, and every spin for audit.
// ───────────────────────────────────────────────────────────────────────────────────────────────

/** The wheel's sections, `id` 1–10 clockwise from the top. Seeded; tuned in the database. */
export const wheelOptions = pgTable(
  'wheel_options',
  {
    id: integer('id').primaryKey(),
    uid: text('uid', { enum: ['camera', 'opportunities', 'new_spin'] }).notNull(),
    amount: integer('amount').notNull(),
    imageUrl: text('image_url').notNull(),
    /** Relative odds: a section is drawn with probability weight / sum of weights. 0 never wins. */
    weight: integer('weight').notNull(),
    /** Prizes left to give (cameras); null: unlimited. Never goes below zero. */
    stock: integer('stock'),
  },
  (table) => [
    check('wheel_options_weight_check', sql`${table.weight} >= 0`),
    check('wheel_options_stock_check', sql`${table.stock} >= 0`),
  ],
);

/** A user's wheel: spins left and the extra entries won for the camera draw. No row: nothing yet. */
export const wheelAccounts = pgTable(
  'wheel_accounts',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    attemptsLeft: integer('attempts_left').notNull().default(0),
    opportunities: integer('opportunities').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('wheel_accounts_attempts_check', sql`${table.attemptsLeft} >= 0`)],
);

/** Every spin: who, which section, what it gave and when. */
export const wheelSpins = pgTable(
  'wheel_spins',
  {
    id: serial('id').primaryKey(),
    userId: ownerOf(),
    optionId: integer('option_id')
      .notNull()
      .references(() => wheelOptions.id),
    uid: text('uid', { enum: ['camera', 'opportunities', 'new_spin'] }).notNull(),
    amount: integer('amount').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('wheel_spins_user_idx').on(table.userId, table.createdAt)],
);
