import type { StaffRole } from '@seguridad/contracts/staff-access';
import { companyMembers, users } from '../db/schema';
import { hashPassword } from '../lib/password';
import { login, STRONG_PASSWORD } from './accounts';
import { demoCompanyId, demoOperatorSession } from './calls';
import type { TestContext } from './test-app';

/** Staff fixtures written straight to the database, as the seed and `npm run admin` make them. */

/** A member of `companyId` with `role`, its account inserted with the strong test password; answers its id. */
export async function insertMember(
  ctx: TestContext,
  companyId: number,
  role: StaffRole,
  email: string,
  names: { name?: string; lastname?: string } = {},
): Promise<number> {
  const [user] = await ctx.database.db
    .insert(users)
    .values({
      name: names.name ?? role,
      lastname: names.lastname ?? 'Prueba',
      email,
      passwordHash: await hashPassword(STRONG_PASSWORD),
    })
    .returning({ id: users.id });
  await ctx.database.db.insert(companyMembers).values({ companyId, userId: user!.id, role });
  return user!.id;
}

/** `insertMember`, then signed in: its id and session token. */
export async function insertSignedInMember(
  ...args: Parameters<typeof insertMember>
): Promise<{ id: number; token: string }> {
  const id = await insertMember(...args);
  const email = args[3];
  const session = await login(args[0], email);
  const token = session.json().access_token as string | undefined;
  if (!token) throw new Error(`login of ${email} failed: ${session.body}`);
  return { id, token };
}

export type DemoCompanyStaff = {
  companyId: number;
  ids: Record<StaffRole, number>;
  tokens: Record<StaffRole, string>;
};

/**
 * One member of each role of the demo company, signed in: an operator and a supervisor inserted
 * as `operator.<tag>@example.com` and `supervisor.<tag>@example.com` (named after their role,
 * with `lastname`), and the seeded operator, the company's admin.
 */
export async function demoCompanyStaff(
  ctx: TestContext,
  tag: string,
  lastname: string,
): Promise<DemoCompanyStaff> {
  const companyId = await demoCompanyId(ctx);
  const ids = {} as Record<StaffRole, number>;
  const tokens = {} as Record<StaffRole, string>;
  for (const role of ['operator', 'supervisor'] as const) {
    const member = await insertSignedInMember(ctx, companyId, role, `${role}.${tag}@example.com`, {
      lastname,
    });
    ids[role] = member.id;
    tokens[role] = member.token;
  }
  const admin = await demoOperatorSession(ctx);
  ids.admin = admin.userId;
  tokens.admin = admin.token;
  return { companyId, ids, tokens };
}
