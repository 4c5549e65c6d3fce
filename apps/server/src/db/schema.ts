import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import type { WorkingHoursSlot } from '@seguridad/contracts/helpers/working-hours';

export type { WorkingHoursSlot };

/** Columns many tables share, written once. */
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** The account a row belongs to; deleting the account deletes the row. */
const ownerOf = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
/** The company (tenant) a row belongs to. */
const companyOf = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });
/** When an operator handled an inbox item, and who. */
const handling = () => ({
  handledAt: timestamp('handled_at', { withTimezone: true }),
  handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
});

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
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${table.email})`)],
);

export const companyMembers = pgTable(
  'company_members',
  {
    companyId: companyOf(),
    userId: ownerOf(),
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
    /** 11 digits including the country code, e.g. 56912345678. */
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
    purpose: text('purpose', { enum: ['password_reset', 'account_recovery'] }).notNull(),
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
    /** Null until a caller took the call (a private room waits for its link to be opened). */
    callerTokenHash: text('caller_token_hash'),
    status: text('status', { enum: ['waiting', 'active', 'ended', 'abandoned'] })
      .notNull()
      .default('waiting'),
    /** For a private room, the operator who created it; otherwise the one who accepted. */
    operatorId: integer('operator_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason'),
  },
  (table) => [index('video_calls_company_status_idx').on(table.companyId, table.status, table.createdAt)],
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
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('call_chat_messages_client_idx').on(table.callId, table.sender, table.clientId),
    index('call_chat_messages_call_idx').on(table.callId, table.id),
  ],
);

// ─── Payments: checkout orders and the Flow simulator (docs/decisions/013-checkout-and-flow.md) ───

/**
 * A purchase of the plan. `amount` is always the plan's price as the server computed it;
 * `flowToken` is the payment provider's token, unguessable, which the payment result page and
 * the provider's confirmation present. `status` moves from pending exactly once.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: ownerOf(),
    /** Our order number at the provider (`commerceOrder`): random, so no two databases collide. */
    commerceOrder: text('commerce_order').notNull().unique(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    monthsPaid: integer('months_paid').notNull(),
    qty: integer('qty').notNull().default(1),
    subject: text('subject').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('CLP'),
    email: text('email').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'rejected', 'cancelled', 'failed'] })
      .notNull()
      .default('pending'),
    flowToken: text('flow_token').unique(),
    flowOrder: integer('flow_order'),
    paymentMedia: text('payment_media'),
    /** As the provider writes it ('2026-05-04 13:45:10', Chile time). */
    paymentDate: text('payment_date'),
    /** The checkout's shipping data (name, address, region, commune…); null for plan-only orders. */
    shipping: jsonb('shipping').$type<OrderShipping>(),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    receiptSentAt: timestamp('receipt_sent_at', { withTimezone: true }),
  },
  (table) => [index('orders_user_idx').on(table.userId, table.createdAt)],
);

export type OrderShipping = {
  name: string;
  last_name: string;
  phone: string;
  address: string;
  region_id: number;
  region: string;
  comuna_id: number;
  comuna: string;
  zip_code: string | null;
};

/** Every state an order went through, and why: created, sent to the provider, paid, refused… */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [index('order_events_order_idx').on(table.orderId, table.id)],
);

/**
 * The payments of the built-in Flow simulator (never used in production): kept in the database so
 * a restart does not lose a payment in progress. Statuses are Flow's: 1 pending, 2 paid,
 * 3 rejected, 4 cancelled.
 */
export const flowSimulatorPayments = pgTable('flow_simulator_payments', {
  flowOrder: serial('flow_order').primaryKey(),
  token: text('token').notNull().unique(),
  commerceOrder: text('commerce_order').notNull().unique(),
  subject: text('subject').notNull(),
  currency: text('currency').notNull(),
  amount: integer('amount').notNull(),
  email: text('email').notNull(),
  urlConfirmation: text('url_confirmation').notNull(),
  urlReturn: text('url_return').notNull(),
  status: integer('status').notNull().default(1),
  paymentMedia: text('payment_media'),
  paymentDate: text('payment_date'),
  createdAt: createdAt(),
});

// ───────────────────────────────────────────────────────────────────────────────────────────────
// Settings (docs/decisions/011): the profile's avatar, who sees the user's cameras, and the
// security log the settings page shows. `users.avatar_path` moved to `user_avatars`.
// ───────────────────────────────────────────────────────────────────────────────────────────────

/**
 * An account's avatar image. Served at `/api/v1/user/avatar/<token>`: the token is random, so the
 * URL can be handed to the user's network but not guessed, and a new upload gets a new one.
 */
export const userAvatars = pgTable('user_avatars', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  storageKey: text('storage_key').notNull(),
  /** The type its first bytes proved (JPEG, PNG or WebP), never the one the client declared. */
  mime: text('mime').notNull(),
  bytes: integer('bytes').notNull(),
  createdAt: createdAt(),
});

/** Choices of the settings page with no home elsewhere. No row means the defaults below. */
export const userSettings = pgTable('user_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Spec §6: the principal user decides; nothing is shared until they say so. */
  shareCamerasWithNetwork: boolean('share_cameras_with_network').notNull().default(false),
  shareCamerasWithOperators: boolean('share_cameras_with_operators').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What happened to an account's security, for its owner (kept `SECURITY_LOG_RETENTION_DAYS`). */
export const securityEvents = pgTable(
  'security_events',
  {
    id: serial('id').primaryKey(),
    userId: ownerOf(),
    kind: text('kind', {
      enum: [
        'sign_in',
        'password_changed',
        'phone_added',
        'phone_removed',
        'session_revoked',
        'all_sessions_revoked',
        'device_removed',
        'account_reset_requested',
      ],
    }).notNull(),
    /** What it concerns, for a person: "Chrome en Linux", a masked phone. Never a secret. */
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (table) => [
    index('security_events_user_idx').on(table.userId, table.createdAt),
    index('security_events_created_idx').on(table.createdAt),
  ],
);

// ─── Security network (spec §1, §3 "Network invitation", §4 statuses) ─────────────────────────────

/**
 * One row per person invited into someone's security network. The invitee is known by e-mail
 * until they answer (or already had an account when invited): the row then also names their
 * account. Only the SHA-256 of the e-mailed code is kept. Rows are deleted when the owner removes
 * the person, the member leaves, or either account is deleted.
 */
export const networkInvitations = pgTable(
  'network_invitations',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    guestEmail: text('guest_email').notNull(),
    guestUserId: integer('guest_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** 1 pending, 2 confirmed, 3 rejected (spec §4). */
    status: integer('status').$type<1 | 2 | 3>().notNull().default(1),
    codeHash: text('code_hash').notNull().unique(),
    /** The tenant the link names (`cmp`); checked when the link is used. */
    companyId: companyOf(),
    createdAt: createdAt(),
    /** Until when the e-mailed link works. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('network_invitations_owner_guest_idx').on(table.ownerId, table.guestEmail),
    index('network_invitations_guest_email_idx').on(table.guestEmail),
    index('network_invitations_guest_user_idx').on(table.guestUserId),
    check('network_invitations_status_check', sql`${table.status} in (1, 2, 3)`),
  ],
);

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

// ─── Camera draw (spec §1, §3 "Promo invitation", "Winner"; docs/decisions/015) ──────────────────

/**
 * One row per promo registrant, created with the account at promo sign-up. The id is the entry's
 * place in line: the first `DRAW.eligibleRegistrants` ids are the ones that can win. One entry per
 * mailbox (Gmail dots and `+tags` folded, see `helpers/mailbox.ts`) and one per phone.
 */
export const promoEntries = pgTable(
  'promo_entries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `canonicalMailbox(email)`. */
    email: text('email').notNull(),
    /** E.164 mobile (`+569…`). */
    phone: text('phone').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('promo_entries_email_idx').on(table.email),
    uniqueIndex('promo_entries_phone_idx').on(table.phone),
  ],
);

/** A line of the published eligible list: what the commitment covers, privacy-safe. */
export type PublishedEntry = { id: number; name: string; phone: string };

/**
 * The draw: one row (id 1) per campaign. Publishing stores the secret seed, its SHA-256
 * commitment, the frozen eligible list and its hash; running it stores the shuffled entry ids.
 */
export const promoDraws = pgTable(
  'promo_draws',
  {
    id: integer('id').primaryKey(),
    /** 32 random bytes in hex; secret until `drawnAt`. */
    seed: text('seed').notNull(),
    commitment: text('commitment').notNull(),
    listHash: text('list_hash').notNull(),
    eligible: jsonb('eligible').$type<PublishedEntry[]>().notNull(),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    drawnBy: integer('drawn_by').references(() => users.id, { onDelete: 'set null' }),
    /** Every eligible entry id in draw order: winners first, then the alternates. */
    order: jsonb('draw_order').$type<number[]>(),
  },
  (table) => [check('promo_draws_single_check', sql`${table.id} = 1`)],
);

// ───────────────────────────────────────────────────────────────────────────────────────────────
// Prize wheel (docs/decisions/016): the 10 sections with their odds and stock, each user's spins
// left and accumulated draw opportunities, and every spin for audit.
// ───────────────────────────────────────────────────────────────────────────────────────────────

/** The wheel's sections, `id` 1–10 clockwise from the top. Seeded; tuned in the database. */
export const wheelOptions = pgTable(
  'wheel_options',
  {
    id: integer('id').primaryKey(),
    uid: text('uid', { enum: ['camera', 'opportunities', 'new_spin'] }).notNull(),
    amount: integer('amount').notNull(),
    imageUrl: text('image_url').notNull(),
    /** Relative odds: a section is drawn with probability weight / sum of weights. 0 never wins. */
    weight: integer('weight').notNull(),
    /** Prizes left to give (cameras); null: unlimited. Never goes below zero. */
    stock: integer('stock'),
  },
  (table) => [
    check('wheel_options_weight_check', sql`${table.weight} >= 0`),
    check('wheel_options_stock_check', sql`${table.stock} >= 0`),
  ],
);

/** A user's wheel: spins left and the extra entries won for the camera draw. No row: nothing yet. */
export const wheelAccounts = pgTable(
  'wheel_accounts',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    attemptsLeft: integer('attempts_left').notNull().default(0),
    opportunities: integer('opportunities').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('wheel_accounts_attempts_check', sql`${table.attemptsLeft} >= 0`)],
);

/** Every spin: who, which section, what it gave and when. */
export const wheelSpins = pgTable(
  'wheel_spins',
  {
    id: serial('id').primaryKey(),
    userId: ownerOf(),
    optionId: integer('option_id')
      .notNull()
      .references(() => wheelOptions.id),
    uid: text('uid', { enum: ['camera', 'opportunities', 'new_spin'] }).notNull(),
    amount: integer('amount').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('wheel_spins_user_idx').on(table.userId, table.createdAt)],
);
