import { timestamp } from 'drizzle-orm/pg-core';

/**
 * Columns many tables share, written once. The ones that reference an account or a company
 * (`ownerOf`, `companyOf`, `handling`) live in core.ts beside those tables, so that no two table
 * files import each other.
 */
export function createdAt() {
  return timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
}
