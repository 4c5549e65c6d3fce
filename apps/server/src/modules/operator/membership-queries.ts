import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { companyMembers } from '../../db/schema';

export type OperatorContext = { companyId: number; role: 'operator' | 'supervisor' | 'admin' };

/**
 * The company the user operates for and their role there; undefined for a citizen and for a
 * deactivated member.
 */
export async function membershipOf(db: Database, userId: number): Promise<OperatorContext | undefined> {
  const [member] = await db
    .select({ companyId: companyMembers.companyId, role: companyMembers.role })
    .from(companyMembers)
    .where(and(eq(companyMembers.userId, userId), isNull(companyMembers.deactivatedAt)))
    .limit(1);
  return member;
}
