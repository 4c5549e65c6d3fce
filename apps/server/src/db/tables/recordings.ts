import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

import { createdAt } from './columns';
import { companies, users, videoCalls } from './core';

// ─── Call recordings (decision 017) ───

/**
 * A recording of a call, made by the operator's console and uploaded in numbered chunks that the
 * server appends in order to one file (`nextSeq` is the chunk it expects next). `recording` while
 * chunks come; `ready` once finalised (duration and cues written). One call may have several (the
 * operator stopped and started again); at most one is `recording` at a time.
 */
export const callRecordings = pgTable(
  'call_recordings',
  {
    id: serial('id').primaryKey(),
    callId: integer('call_id')
      .notNull()
      .references(() => videoCalls.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    operatorId: integer('operator_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['recording', 'ready'] })
      .notNull()
      .default('recording'),
    storageKey: text('storage_key').notNull(),
    nextSeq: integer('next_seq').notNull().default(0),
    bytes: integer('bytes').notNull().default(0),
    durationMs: integer('duration_ms'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('call_recordings_call_idx').on(table.callId),
    index('call_recordings_company_idx').on(table.companyId, table.createdAt),
  ],
);

/** A company's recording settings; a company without a row keeps the default retention. */
export const recordingSettings = pgTable('recording_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  retentionDays: integer('retention_days').notNull(),
});
