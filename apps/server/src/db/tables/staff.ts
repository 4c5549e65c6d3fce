import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

import { createdAt } from './columns';
import { companyOf, users } from './core';
import { STAFF_ROLES } from '@seguridad/contracts/staff-access';

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
    role: text('role', { enum: STAFF_ROLES }).notNull(),
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

// ─── Operators' availability (decision 043) ───

/**
 * The state an operator chose (Disponible, or En pausa with a reason). En llamada and Desconectado
 * are not stored: they are read from the calls and from the connected consoles. No row: Disponible.
 */
export const operatorAvailability = pgTable('operator_availability', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  companyId: companyOf(),
  state: text('state', { enum: ['available', 'paused'] })
    .notNull()
    .default('available'),
  pauseReason: text('pause_reason', { enum: ['colacion', 'capacitacion', 'administrativo', 'otra'] }),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  /** Since when the operator has been free (chose Disponible, or ended a call): who waited longest. */
  idleSince: timestamp('idle_since', { withTimezone: true }).notNull().defaultNow(),
});
