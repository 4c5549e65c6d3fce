import { index, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { companyOf, handling } from './core';

/**
 * Callback requests (`serviceStatus.callBack`, decision 018): a +569 mobile (E.164) and when the
 * citizen prefers to be called. Pending ones are the console's callback queue; handled ones stay
 * in the inbox history with the operator's note.
 */
export const callbacks = pgTable(
  'callbacks',
  {
    id: serial('id').primaryKey(),
    companyId: companyOf(),
    phone: text('phone').notNull(),
    /** 'asap' or the 'HH:00' start of a one-hour slot, America/Santiago, the day it was asked. */
    preferredTime: text('preferred_time').notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
    ...handling(),
  },
  (table) => [index('callbacks_company_idx').on(table.companyId, table.createdAt)],
);
