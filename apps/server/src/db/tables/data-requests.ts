import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { DataRequestKind, DataRequestStatus } from '@seguridad/contracts/http/data-requests';
import { createdAt } from './columns';
import { companyOf, users } from './core';

// ─── Rights requests (decision 034): what a citizen asked, by when it must be answered ───

export const dataRequests = pgTable(
  'data_requests',
  {
    id: serial('id').primaryKey(),
    /**
     * The company that answers this request: one row per company holding the person's data,
     * filed together (same `created_at`), each seen and answered by that company alone.
     */
    companyId: companyOf(),
    /** Null once the account is deleted; the request and its answer stay as a record. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    kind: text('kind').$type<DataRequestKind>().notNull(),
    detail: text('detail').notNull(),
    status: text('status').$type<DataRequestStatus>().notNull().default('open'),
    createdAt: createdAt(),
    /** 30 calendar days after it was filed; once extended, 30 more. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    extendedAt: timestamp('extended_at', { withTimezone: true }),
    extensionReason: text('extension_reason'),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: integer('answered_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('data_requests_user_idx').on(table.userId),
    index('data_requests_company_due_idx').on(table.companyId, table.status, table.dueAt),
  ],
);

// ─── Data exports (decision 040): «Descargar mis datos», a ZIP kept 7 days ───

export const dataExports = pgTable(
  'data_exports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** pending: asked; building: a process took it (at `startedAt`); ready; failed. */
    status: text('status').$type<'pending' | 'building' | 'ready' | 'failed'>().notNull().default('pending'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    storageKey: text('storage_key'),
    bytes: integer('bytes'),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    /** 7 days after it was ready; the job then deletes the file and the row. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [
    index('data_exports_user_idx').on(table.userId, table.createdAt),
    // One export in progress per account, whatever process took the request.
    uniqueIndex('data_exports_one_in_progress_idx')
      .on(table.userId)
      .where(sql`${table.status} in ('pending', 'building')`),
    index('data_exports_status_idx').on(table.status),
  ],
);
