import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { videoCalls } from './core';

/**
 * The citizen's rating of a call (decision 044). The call is the key, so a call is rated once
 * whatever races; the row goes with its call, whose retention it follows. The comment is text as
 * typed and is only ever shown as text.
 */
export const callRatings = pgTable(
  'call_ratings',
  {
    callId: integer('call_id')
      .primaryKey()
      .references(() => videoCalls.id, { onDelete: 'cascade' }),
    stars: integer('stars').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [
    check('call_ratings_stars_check', sql`${table.stars} between 1 and 5`),
    check('call_ratings_comment_check', sql`char_length(${table.comment}) <= 500`),
    // Reports read the ratings given in a range of days.
    index('call_ratings_created_idx').on(table.createdAt),
  ],
);
