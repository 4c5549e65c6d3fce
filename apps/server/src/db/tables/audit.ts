import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';

import { createdAt } from './columns';
import { companyOf, users } from './core';

// ─── Audit trail (decision 033) ───

/**
 * Append-only record of staff actions and of every staff access to a citizen's personal data.
 * The product only inserts and reads these rows (no update or delete query exists); the retention
 * job is the only thing that removes old ones. `actorLabel` keeps who acted (name and e-mail at the
 * time) even after the account is deleted and `actorUserId` becomes null; a null actor is the
 * product itself or the operations command.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: serial('id').primaryKey(),
    companyId: companyOf(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorLabel: text('actor_label').notNull(),
    /** What was done, dotted by area: `staff.invite`, `recording.download`, `company.rotate_key`… */
    action: text('action').notNull(),
    /** What it was done to: `user`, `invitation`, `recording`, `video_mail`, `call`, `company`… */
    subjectKind: text('subject_kind').notNull(),
    subjectId: text('subject_id').notNull(),
    /** The client's address as the server saw it (behind the proxy, the forwarded one). */
    ip: text('ip'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_events_company_idx').on(table.companyId, table.createdAt),
    index('audit_events_actor_idx').on(table.companyId, table.actorUserId, table.createdAt),
  ],
);
