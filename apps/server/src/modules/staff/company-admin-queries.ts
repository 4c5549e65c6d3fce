import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { companies } from '../../db/schema';

export async function listCompanies(db: Database) {
  return db
    .select({ id: companies.id, name: companies.name, publicKey: companies.publicKey })
    .from(companies)
    .orderBy(asc(companies.id));
}

export async function companyByKey(db: Database, publicKey: string) {
  const [company] = await db
    .select({ id: companies.id, name: companies.name, inboxEmail: companies.inboxEmail })
    .from(companies)
    .where(eq(companies.publicKey, publicKey))
    .limit(1);
  return company;
}

/** Replaces the company's key; false when `oldKey` names no company (or was rotated meanwhile). */
export async function replaceCompanyKey(db: Database, oldKey: string, newKey: string): Promise<boolean> {
  const rows = await db
    .update(companies)
    .set({ publicKey: newKey })
    .where(eq(companies.publicKey, oldKey))
    .returning({ id: companies.id });
  return rows.length > 0;
}

export async function setInboxEmail(db: Database, companyId: number, email: string) {
  await db.update(companies).set({ inboxEmail: email }).where(eq(companies.id, companyId));
}
