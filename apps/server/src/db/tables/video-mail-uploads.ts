import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { companyOf, videoMails } from './core';

/**
 * A video mail whose video is still arriving through the resumable upload (decision 029): the
 * form's fields and thumbnail came first, once; the video arrives in pieces under `video_key`.
 * `finishing` is held by the one process turning it into a video mail; `done` keeps the row (its
 * personal data cleared) so that a client whose last answer was lost learns it went through. Rows
 * older than a day go, with their files.
 */
export const videoMailUploads = pgTable(
  'video_mail_uploads',
  {
    /** The upload's id in its URL: 22 random URL-safe characters. */
    id: text('id').primaryKey(),
    companyId: companyOf(),
    status: text('status', { enum: ['uploading', 'finishing', 'done'] })
      .notNull()
      .default('uploading'),
    /** The form's text fields as sent; emptied once the video mail exists. */
    fields: jsonb('fields').$type<Record<string, string>>().notNull(),
    thumbnailKey: text('thumbnail_key'),
    thumbnailMime: text('thumbnail_mime'),
    thumbnailBytes: integer('thumbnail_bytes'),
    videoKey: text('video_key').notNull(),
    /** The video's length in bytes, declared before it is sent. */
    videoBytes: integer('video_bytes').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    videoMailId: integer('video_mail_id').references(() => videoMails.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('video_mail_uploads_created_idx').on(table.createdAt)],
);
