import { and, eq, isNotNull, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { authenticatorApps, companies, companyMembers, userPhones } from '../../db/schema';
import type { StaffRole } from '@seguridad/contracts/staff-access';

export type OperatorContext = { companyId: number; role: StaffRole };

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

/**
 * Whether the company makes its staff set up two-step sign-in (a confirmed phone or authenticator
 * app) before the console opens, and whether this member has. `productDefault` applies while the company has not chosen.
 */
export async function twoStepStateOf(
  db: Database,
  companyId: number,
  userId: number,
  productDefault: boolean,
): Promise<{ required: boolean; confirmed: boolean }> {
  const [company] = await db
    .select({ staffTwoStep: companies.staffTwoStep })
    .from(companies)
    .where(eq(companies.id, companyId));
  const required = company?.staffTwoStep ?? productDefault;
  if (!required) return { required, confirmed: false };
  const [phone] = await db
    .select({ id: userPhones.id })
    .from(userPhones)
    .where(and(eq(userPhones.userId, userId), isNotNull(userPhones.confirmedAt)))
    .limit(1);
  if (phone) return { required, confirmed: true };
  // An authenticator app is a second factor as a phone is, and needs no SMS provider (decision 054).
  const [app] = await db
    .select({ id: authenticatorApps.id })
    .from(authenticatorApps)
    .where(and(eq(authenticatorApps.userId, userId), isNotNull(authenticatorApps.confirmedAt)))
    .limit(1);
  return { required, confirmed: app !== undefined };
}

/**
 * Whether the account whose id is `userId` (a column) has a second factor for sign-in, as the gate
 * counts it: a confirmed phone or a confirmed authenticator app. For lists of many members.
 */
export function hasSecondFactor(userId: SQLWrapper): SQL<boolean> {
  return sql<boolean>`(exists (select 1 from ${userPhones} where ${userPhones.userId} = ${userId} and ${userPhones.confirmedAt} is not null) or exists (select 1 from ${authenticatorApps} where ${authenticatorApps.userId} = ${userId} and ${authenticatorApps.confirmedAt} is not null))`;
}

/**
 * The membership of someone who may act as staff now: an active member, with a confirmed phone or
 * authenticator app when the company requires two-step sign-in. The console's routes, its socket (queue, inbox,
 * offers) and every call action use this one gate, so no channel skips the second factor.
 */
export async function staffMembershipOf(
  db: Database,
  userId: number,
  productDefault: boolean,
): Promise<{ member: OperatorContext | undefined; twoStepMissing: boolean }> {
  const member = await membershipOf(db, userId);
  if (!member) return { member: undefined, twoStepMissing: false };
  const twoStep = await twoStepStateOf(db, member.companyId, userId, productDefault);
  if (twoStep.required && !twoStep.confirmed) return { member: undefined, twoStepMissing: true };
  return { member, twoStepMissing: false };
}
