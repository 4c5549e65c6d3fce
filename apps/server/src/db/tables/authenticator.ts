import { bigint, index, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

import { createdAt } from './columns';
import { ownerOf } from './core';

// ───────────────────────────────────────────────────────────────────────────────────────────────
// Two-step sign-in with an authenticator app (docs/decisions/054): the account's TOTP secret and
// its one-time recovery codes. Both go with the account (cascade) and with a recovery by e-mail.
// ───────────────────────────────────────────────────────────────────────────────────────────────

/**
 * One authenticator app per account. `confirmedAt` null: an enrolment waiting for its first code
 * (`AUTHENTICATOR.enrolmentTtlMinutes` from `createdAt`); a new start replaces it. `lastUsedStep`
 * is the 30-second step of the last code taken, so a code (or an older one) cannot be used twice.
 */
export const authenticatorApps = pgTable(
  'authenticator_apps',
  {
    id: serial('id').primaryKey(),
    userId: ownerOf(),
    /** Base32, as the app was given it. The HMAC needs it whole, so it cannot be hashed. */
    secret: text('secret').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('authenticator_apps_user_idx').on(table.userId)],
);

/** Recovery codes, stored as the SHA-256 of their normal form; `usedAt` set: spent. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: ownerOf(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('recovery_codes_user_idx').on(table.userId),
    uniqueIndex('recovery_codes_user_hash_idx').on(table.userId, table.codeHash),
  ],
);
