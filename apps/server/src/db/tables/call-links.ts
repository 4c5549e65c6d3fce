import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { companyOf, users, videoCalls } from './core';

/**
 * Call links (decision 061): a one-time link to a private call, sent by an operator to a citizen's
 * mobile by SMS or WhatsApp. The call row is the private room the link opens; the phone stays only
 * as long as the call (deleting the call deletes the link).
 */
export const callLinks = pgTable(
  'call_links',
  {
    id: serial('id').primaryKey(),
    companyId: companyOf(),
    operatorId: integer('operator_id').references(() => users.id, { onDelete: 'set null' }),
    callId: integer('call_id')
      .notNull()
      .unique()
      .references(() => videoCalls.id, { onDelete: 'cascade' }),
    /** E.164. */
    phone: text('phone').notNull(),
    channel: text('channel', { enum: ['sms', 'whatsapp'] }).notNull(),
    /** The provider's id of the message (Twilio's MessageSid; the outbox's own id in demo mode). */
    providerId: text('provider_id'),
    /** What the provider last said: sent until it reports delivered or failed. */
    delivery: text('delivery', { enum: ['sent', 'delivered', 'failed'] })
      .notNull()
      .default('sent'),
    sentAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** The first time the link was opened (the citizen's browser claimed the room). */
    openedAt: timestamp('opened_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('call_links_operator_idx').on(table.operatorId, table.sentAt),
    index('call_links_phone_idx').on(table.companyId, table.phone, table.sentAt),
    index('call_links_provider_idx').on(table.providerId),
  ],
);
