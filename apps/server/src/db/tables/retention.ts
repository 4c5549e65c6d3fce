import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { RetentionKind } from '@seguridad/contracts/http/retention';
import { companyOf, users } from './core';

// ─── Retention (decision 034): each company's periods, where they differ from the policy's ───

/**
 * A company's period for one kind of personal data. No row: the default of `RETENTION_RULES`.
 * Call recordings keep their own row in `recording_settings` (decision 017).
 */
export const retentionSettings = pgTable(
  'retention_settings',
  {
    companyId: companyOf(),
    kind: text('kind').$type<RetentionKind>().notNull(),
    days: integer('days').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.kind] })],
);
