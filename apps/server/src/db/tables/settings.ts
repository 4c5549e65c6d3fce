import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

import { createdAt } from './columns';
import { ownerOf, users } from './core';

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
        'authenticator_added',
        'authenticator_removed',
        'recovery_codes_regenerated',
        'recovery_code_used',
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
