import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** One opening interval of a weekday (0 Sunday … 6 Saturday), local time in America/Santiago. */
export type WorkingHoursSlot = { day: number; open: string; close: string };

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Identifies the tenant on public widget calls; it authorises nothing beyond them. */
  publicKey: text('public_key').notNull().unique(),
  inboxEmail: text('inbox_email').notNull(),
  callBackEnabled: boolean('call_back_enabled').notNull().default(true),
  videoCallEnabled: boolean('video_call_enabled').notNull().default(true),
  videoMailEnabled: boolean('video_mail_enabled').notNull().default(true),
  workingHours: jsonb('working_hours').$type<WorkingHoursSlot[]>().notNull().default([]),
  allowedOrigins: jsonb('allowed_origins').$type<string[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const specialities = pgTable(
  'specialities',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (table) => [index('specialities_company_idx').on(table.companyId, table.position)],
);

export const plans = pgTable('plans', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  priceClp: integer('price_clp').notNull(),
  /** The plan card's feature lines, in order. */
  description: jsonb('description').$type<string[]>().notNull(),
});

export const regions = pgTable('regions', {
  id: integer('id').primaryKey(),
  countryId: integer('country_id').notNull(),
  name: text('name').notNull(),
});

export const communes = pgTable(
  'communes',
  {
    id: serial('id').primaryKey(),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id),
    name: text('name').notNull(),
  },
  (table) => [index('communes_region_idx').on(table.regionId)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    lastname: text('lastname').notNull().default(''),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    phone: text('phone'),
    rut: text('rut'),
    address: text('address'),
    avatarPath: text('avatar_path'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${table.email})`)],
);

export const companyMembers = pgTable(
  'company_members',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['operator', 'admin'] }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.userId] })],
);

/**
 * Every e-mail, SMS and WhatsApp message the embedded default "sends". The dev mailbox reads it so
 * that a person, and the browser tests, can follow links and codes without a real provider.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: ['email', 'sms', 'whatsapp'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('outbox_recipient_idx').on(table.recipient, table.createdAt)],
);

export const drawWinners = pgTable('draw_winners', {
  id: serial('id').primaryKey(),
  position: integer('position').notNull(),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
});
