import { LAUNCHER_DEFAULTS } from '@seguridad/contracts/http/launcher';
import { CALL_LINK_MINUTES } from '@seguridad/contracts/constants';
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
import { createdAt } from './columns';
import type { WorkingHoursSlot } from '@seguridad/contracts/helpers/working-hours';
import { STAFF_ROLES } from '@seguridad/contracts/staff-access';

export type { WorkingHoursSlot };

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
  /**
   * Staff must have a confirmed phone (two-step sign-in) before the console opens. Null: the
   * product's default, on in production (decision 033).
   */
  staffTwoStep: boolean('staff_two_step'),
  /** The embedded widget's launcher on the company's site: background colour and label. */
  launcherColor: text('launcher_color').notNull().default(LAUNCHER_DEFAULTS.color),
  launcherLabel: text('launcher_label').notNull().default(LAUNCHER_DEFAULTS.label),
  /**
   * The service level the centre is measured against (NENA-STA-020.1-2020 by default): the share
   * of offered calls answered within each threshold. Administrators may change them (decision 045).
   */
  serviceLevelFirstSeconds: integer('service_level_first_seconds').notNull().default(15),
  serviceLevelFirstPercent: integer('service_level_first_percent').notNull().default(90),
  serviceLevelSecondSeconds: integer('service_level_second_seconds').notNull().default(20),
  serviceLevelSecondPercent: integer('service_level_second_percent').notNull().default(95),
  /** Where Salida rápida takes the citizen; null: the product's default (decision 060). */
  quickExitUrl: text('quick_exit_url'),
  /** The silent call's quick questions; null: the product's default list (decision 060). */
  quickQuestions: jsonb('quick_questions').$type<string[]>(),
  /** Minutes a call link sent by SMS or WhatsApp works before it is opened (decision 061). */
  callLinkMinutes: integer('call_link_minutes').notNull().default(CALL_LINK_MINUTES.default),
  createdAt: createdAt(),
});

export const specialities = pgTable(
  'specialities',
  {
    id: serial('id').primaryKey(),
    companyId: companyOf(),
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
    /** The share code given at sign-up: who invited this account into their security network. */
    shareCode: text('share_code'),
    /**
     * When a mailed link (the sign-up's verification link, a password reset) proved the address.
     * Null: unproven, so it may not accept network invitations nor count in the draw (decision 039).
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${table.email})`)],
);

export const companyMembers = pgTable(
  'company_members',
  {
    companyId: companyOf(),
    userId: ownerOf(),
    /** operador, supervisor or administrador (decision 033). */
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    /** The specialities the member serves; empty: all of them. */
    specialityIds: jsonb('speciality_ids').$type<number[]>().notNull().default([]),
    /** Set while the member is deactivated: no session, no console; their work stays theirs. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    createdAt: createdAt(),
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
    /** When the link or code the message carries stops working: its text is blanked then. */
    secretExpiresAt: timestamp('secret_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
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

/** A browser or phone an account has signed in from. New ones trigger the new-device e-mail. */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    userId: ownerOf(),
    /** Hash of the client's device id, or of its user agent when it sends none. */
    fingerprint: text('fingerprint').notNull(),
    name: text('name'),
    brand: text('brand'),
    model: text('model'),
    system: text('system'),
    systemVersion: text('system_version'),
    userAgent: text('user_agent'),
    fixedToPanel: boolean('fixed_to_panel').notNull().default(false),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('devices_user_fingerprint_idx').on(table.userId, table.fingerprint)],
);

/** Bearer sessions: only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: ownerOf(),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull().unique(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

export const userPhones = pgTable(
  'user_phones',
  {
    id: serial('id').primaryKey(),
    userId: ownerOf(),
    /** E.164, e.g. +56912345678 (the contracts' phone fields parse to it; drizzle/0005_phones_e164.sql converted older rows). */
    phone: text('phone').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('user_phones_user_phone_idx').on(table.userId, table.phone)],
);

/**
 * One row per code sent (login second step or phone verification). The code itself is stored
 * hashed when we generate it; with Twilio Verify the provider holds it and `codeHash` is null.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    userId: ownerOf(),
    phone: text('phone').notNull(),
    purpose: text('purpose', { enum: ['login', 'verify_phone'] }).notNull(),
    channel: text('channel', { enum: ['sms', 'whatsapp'] }).notNull(),
    codeHash: text('code_hash'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('verification_codes_user_idx').on(table.userId, table.purpose, table.createdAt),
    index('verification_codes_phone_idx').on(table.phone, table.createdAt),
  ],
);

/** Single-use tokens e-mailed as links: password resets and account recovery. Stored hashed. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: serial('id').primaryKey(),
    userId: ownerOf(),
    purpose: text('purpose', {
      enum: ['password_reset', 'account_recovery', 'email_verification'],
    }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** For account recovery: the device whose sign-in raised the alert. */
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('email_tokens_user_idx').on(table.userId)],
);

/** Messages left through the widget's contact form, for the company's operators. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    companyId: companyOf(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
    ...handling(),
    ...legalHold(),
  },
  (table) => [index('contact_messages_company_idx').on(table.companyId, table.createdAt)],
);

/** Recorded video messages. The files live in storage under generated keys, never user names. */
export const videoMails = pgTable(
  'video_mails',
  {
    id: serial('id').primaryKey(),
    companyId: companyOf(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    message: text('message').notNull(),
    /** True when the citizen came here because a video call could not be made. */
    isDerived: boolean('is_derived').notNull().default(false),
    videoKey: text('video_key').notNull(),
    videoMime: text('video_mime').notNull(),
    videoBytes: integer('video_bytes').notNull(),
    durationMs: integer('duration_ms'),
    thumbnailKey: text('thumbnail_key').notNull(),
    thumbnailMime: text('thumbnail_mime').notNull(),
    createdAt: createdAt(),
    ...handling(),
    ...legalHold(),
  },
  (table) => [index('video_mails_company_idx').on(table.companyId, table.createdAt)],
);

/**
 * Video calls (spec §3 "Video call"). `room` is the unguessable Socket.IO room name (and, for a
 * private room, the `privatevideo` link value). The anonymous caller proves itself with a token
 * stored only as its SHA-256. Private rooms are created by an operator before any caller exists.
 */
export const videoCalls = pgTable(
  'video_calls',
  {
    id: serial('id').primaryKey(),
    companyId: companyOf(),
    room: text('room').notNull().unique(),
    specialityId: integer('speciality_id').references(() => specialities.id, { onDelete: 'set null' }),
    /** The speciality's name when the call was made (it survives renames and deletions). */
    specialityName: text('speciality_name').notNull(),
    fromPage: text('from_page').notNull().default(''),
    isPrivate: boolean('is_private').notNull().default(false),
    /**
     * A phone call is audio only (decision 018), a silent call text only (decision 060);
     * everything else about them is a video call's.
     */
    kind: text('kind', { enum: ['video', 'phone', 'text'] })
      .notNull()
      .default('video'),
    /** The voice token's id of a phone call: unique, so one token starts one call. */
    voiceTokenId: text('voice_token_id').unique(),
    /** Null until a caller took the call (a private room waits for its link to be opened). */
    callerTokenHash: text('caller_token_hash'),
    status: text('status', { enum: ['waiting', 'active', 'ended', 'abandoned'] })
      .notNull()
      .default('waiting'),
    /** For a private room, the operator who created it; otherwise the one who accepted. */
    operatorId: integer('operator_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The caller's account, when a valid session came with the request that made the call (never
     * from the body): what «Descargar mis datos» includes. Deleting the account unlinks the call,
     * which then follows the retention table (decision 040).
     */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason'),
    /** The operator the waiting call is offered to first, and until when (decision 043). */
    offeredTo: integer('offered_to').references(() => users.id, { onDelete: 'set null' }),
    /** Set once an offer was made: a call is offered once, then it is everyone's. */
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    /** When the offer to `offered_to` was made (decision 045: what every call records). */
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    ...legalHold(),
  },
  (table) => [
    index('video_calls_company_status_idx').on(table.companyId, table.status, table.createdAt),
    index('video_calls_user_idx').on(table.userId),
    index('video_calls_company_created_idx').on(table.companyId, table.createdAt),
  ],
);

/** Files sent in a call's chat. Stored under generated keys; the name is only shown. */
export const callAttachments = pgTable(
  'call_attachments',
  {
    id: serial('id').primaryKey(),
    callId: integer('call_id')
      .notNull()
      .references(() => videoCalls.id, { onDelete: 'cascade' }),
    sender: text('sender', { enum: ['caller', 'operator'] }).notNull(),
    storageKey: text('storage_key').notNull(),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('call_attachments_call_idx').on(table.callId)],
);

/** A call's chat (spec path chat/{room}), persisted so a reconnecting client gets what it missed. */
export const callChatMessages = pgTable(
  'call_chat_messages',
  {
    id: serial('id').primaryKey(),
    callId: integer('call_id')
      .notNull()
      .references(() => videoCalls.id, { onDelete: 'cascade' }),
    /** The sender's own id for the message: a re-send after a reconnect is stored once. */
    clientId: text('client_id').notNull(),
    sender: text('sender', { enum: ['caller', 'operator'] }).notNull(),
    senderUserId: integer('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    senderName: text('sender_name').notNull(),
    message: text('message').notNull().default(''),
    attachmentId: integer('attachment_id').references(() => callAttachments.id, { onDelete: 'set null' }),
    /** The operator's quick question, answered with Sí / No (decision 060). */
    quickQuestion: boolean('quick_question').notNull().default(false),
    /** The citizen's answer: the id of the quick question it answers. */
    answerTo: integer('answer_to'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('call_chat_messages_client_idx').on(table.callId, table.sender, table.clientId),
    index('call_chat_messages_call_idx').on(table.callId, table.id),
  ],
);

/*
 * Columns that reference the tables above, for the other table files. Function declarations, so
 * a table can call them before `users` and `companies` are initialised (the reference is lazy).
 */

/** The account a row belongs to; deleting the account deletes the row. */
export function ownerOf() {
  return integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
}

/** The company (tenant) a row belongs to. */
export function companyOf() {
  return integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });
}

/** When an operator handled an inbox item, and who. */
export function handling() {
  return {
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
  };
}

/**
 * A legal hold (decision 034): kept past its retention because a complaint or an investigation
 * needs it, with why, since when and by whom. Null reason: no hold.
 */
export function legalHold() {
  return {
    holdReason: text('hold_reason'),
    heldAt: timestamp('held_at', { withTimezone: true }),
    heldBy: integer('held_by').references(() => users.id, { onDelete: 'set null' }),
  };
}
