import { date, doublePrecision, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { companyOf } from './core';

/*
 * The figures of the company's calls, summed as the calls change (decision 050): what Reportes
 * reads instead of every call of a range. A database trigger on `video_calls` keeps them in the
 * same transaction as the call (migration 0031), so no code path can forget them. Answer times
 * are kept as a histogram of whole seconds (index s + 1 counts the calls answered in s − 1 < t ≤ s
 * seconds), so a threshold's count and the 90th percentile stay exact whatever thresholds the
 * company sets. A call's row being deleted leaves its counts: they are anonymous statistics.
 */
function figures() {
  return {
    offered: integer('offered').notNull().default(0),
    answered: integer('answered').notNull().default(0),
    abandoned: integer('abandoned').notNull().default(0),
    fellBack: integer('fell_back').notNull().default(0),
    answerSecondsSum: doublePrecision('answer_seconds_sum').notNull().default(0),
    answerHistogram: integer('answer_histogram').array().notNull().default([]),
    handled: integer('handled').notNull().default(0),
    handleSecondsSum: doublePrecision('handle_seconds_sum').notNull().default(0),
  };
}

/** Per UTC hour, which is one Chile hour (Chile's offsets are whole hours): the hour groupings. */
export const callHourFigures = pgTable(
  'call_hour_figures',
  {
    companyId: companyOf(),
    /** The hour's first instant, in UTC. */
    hour: timestamp('hour', { withTimezone: false }).notNull(),
    ...figures(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.hour] })],
);

/**
 * Per Chile day and per Chile month, by one dimension: `all` (key ''), `speciality` (its name),
 * `channel` (video or phone) or `operator` (who answered, '' for nobody). A year's report by
 * operator reads its whole months from the month rows and only its loose days from the day rows.
 */
export const callPeriodFigures = pgTable(
  'call_period_figures',
  {
    companyId: companyOf(),
    span: text('span', { enum: ['day', 'month'] }).notNull(),
    /** The Chile day, or the first day of the Chile month. */
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    dimension: text('dimension', { enum: ['all', 'speciality', 'channel', 'operator'] }).notNull(),
    key: text('key').notNull(),
    ...figures(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.span, table.periodStart, table.dimension, table.key] }),
  ],
);

/** The citizens' ratings by the Chile day they were given and their stars (a trigger on `call_ratings`). */
export const callRatingFigures = pgTable(
  'call_rating_figures',
  {
    companyId: companyOf(),
    day: date('day', { mode: 'string' }).notNull(),
    stars: integer('stars').notNull(),
    ratings: integer('ratings').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.day, table.stars] })],
);
