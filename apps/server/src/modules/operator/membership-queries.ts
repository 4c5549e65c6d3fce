import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { companyMembers } from '../../db/schema';

export type OperatorContext = { companyId: number; role: 'operator' | 'admin' };

/** The company the user operates for and their role there; undefined for a citizen. */
export async function membershipOf(db: Database, userId: number): Promise<OperatorContext | undefined> {
  const [member] = await db
    .select({ companyId: companyMembers.companyId, role: companyMembers.role })
    .from(companyMembers)
    .where(eq(companyMembers.userId, userId))
    .limit(1);
  return member;
}
