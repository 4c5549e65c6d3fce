import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { DataRequestKind, DataRequestStatus } from '@seguridad/contracts/http/data-requests';
import { createdAt } from './columns';
import { users } from './core';

// ─── Rights requests (decision 034): what a citizen asked, by when it must be answered ───

export const dataRequests = pgTable(
  'data_requests',
  {
    id: serial('id').primaryKey(),
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
    index('data_requests_due_idx').on(table.status, table.dueAt),
  ],
);
