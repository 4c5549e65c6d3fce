import { integer, text, timestamp } from 'drizzle-orm/pg-core';
import { companies, users } from './core';

/**
 * Columns many tables share, written once. Function declarations, so the tables that import them
 * and the tables they reference can load in any order.
 */
export function createdAt() {
  return timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
}

/** The account a row belongs to; deleting the account deletes the row. */
export function ownerOf() {
  return integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
}

/** The company (tenant) a row belongs to. */
export function companyOf() {
  return integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });
}

/** When an operator handled an inbox item, and who. */
export function handling() {
  return {
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
  };
}

/**
 * A legal hold (decision 034): kept past its retention because a complaint or an investigation
 * needs it, with why, since when and by whom. Null reason: no hold.
 */
export function legalHold() {
  return {
    holdReason: text('hold_reason'),
    heldAt: timestamp('held_at', { withTimezone: true }),
    heldBy: integer('held_by').references(() => users.id, { onDelete: 'set null' }),
  };
}
