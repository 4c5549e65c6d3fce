import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

import { createdAt } from './columns';
import { companyOf, users } from './core';

// ─── Staff invitations (decision 033) ───

/**
 * An invitation to join a company's staff. The code travels only in the e-mailed link; the table
 * keeps its SHA-256. Single use (`acceptedAt`), revocable, valid for 7 days from the last sending.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: serial('id').primaryKey(),
    companyId: companyOf(),
    email: text('email').notNull(),
    role: text('role', { enum: ['operator', 'supervisor', 'admin'] }).notNull(),
    /** The specialities the person will serve; empty: all of them. */
    specialityIds: jsonb('speciality_ids').$type<number[]>().notNull().default([]),
    codeHash: text('code_hash').notNull().unique(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('staff_invitations_company_idx').on(table.companyId, table.createdAt)],
);
