import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

import { createdAt } from './columns';
import { companies, users, videoCalls } from './core';

// ─── Call media (decision 014): the video library operators push into calls, and what plays ───

/** A company's short videos (mp4/webm, optional WebVTT captions) that operators push into calls. */
export const callVideos = pgTable(
  'call_videos',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    storageKey: text('storage_key').notNull(),
    mime: text('mime', { enum: ['video/mp4', 'video/webm'] }).notNull(),
    bytes: integer('bytes').notNull(),
    captionsKey: text('captions_key'),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('call_videos_company_idx').on(table.companyId, table.id)],
);

/**
 * What the operator is playing in a call right now, and since when: a caller that joins late or
 * reconnects (through any process) starts it at the right moment. One row per call at most.
 */
export const callVideoPlays = pgTable('call_video_plays', {
  callId: integer('call_id')
    .primaryKey()
    .references(() => videoCalls.id, { onDelete: 'cascade' }),
  videoId: integer('video_id')
    .notNull()
    .references(() => callVideos.id, { onDelete: 'cascade' }),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
});
