import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users, videoCalls } from './core';

/**
 * Consent records (decision 049): who gave which consent, under which version of which text, when,
 * where, and when it was withdrawn. A consent belongs either to an account (camera sharing, the
 * promo's terms) or to a call (the recording notice the caller was shown, anonymous or not); the
 * signed-in caller's notices are theirs through `video_calls.user_id`. A row goes with its account
 * or its call, whose retention it follows.
 */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    callId: integer('call_id').references(() => videoCalls.id, { onDelete: 'cascade' }),
    purpose: text('purpose', {
      enum: ['recording_notice', 'camera_sharing_network', 'camera_sharing_operators', 'promo_terms'],
    }).notNull(),
    textVersion: text('text_version').notNull(),
    /** SHA-256 (hex) of the text as shown, so a version's words cannot change unnoticed. */
    textHash: text('text_hash').notNull(),
    channel: text('channel', { enum: ['web', 'widget'] }).notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (table) => [
    check('consent_records_subject_check', sql`(${table.userId} is null) <> (${table.callId} is null)`),
    // One consent in force per account and purpose; withdrawn ones stay as the record.
    uniqueIndex('consent_records_user_active_idx')
      .on(table.userId, table.purpose)
      .where(sql`${table.userId} is not null and ${table.withdrawnAt} is null`),
    // A call's notice is recorded once, the first time the caller's view showed it.
    uniqueIndex('consent_records_call_purpose_idx')
      .on(table.callId, table.purpose)
      .where(sql`${table.callId} is not null`),
    index('consent_records_user_idx').on(table.userId),
  ],
);
