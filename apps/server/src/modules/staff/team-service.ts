import { staffTexts } from '@seguridad/contracts/messages';
import type { TeamMember } from '@seguridad/contracts/http/staff';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/audit-service';
import {
  lockCompanyStaff,
  memberOf,
  otherActiveAdmins,
  specialityIdsOf,
  teamMemberOf,
  updateMember,
  type StaffRole,
} from './staff-queries';

function sameIds(a: number[], b: number[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}

/**
 * Changes a member's role, specialities or both, each change audited on its own. An active
 * administrator stays: the last one cannot be made operator or supervisor, by someone else or by
 * themselves. The check and the change run under a lock on the company's row, so two
 * administrators demoting each other at once leave one.
 */
export async function changeMember(
  db: Database,
  input: {
    companyId: number;
    userId: number;
    actorUserId: number;
    role?: StaffRole | undefined;
    specialityIds?: number[] | undefined;
    ip?: string | null;
  },
): Promise<TeamMember> {
  const { companyId, userId } = input;
  const wanted =
    input.specialityIds === undefined ? undefined : [...new Set(input.specialityIds)].sort((a, b) => a - b);
  if (wanted !== undefined && (await specialityIdsOf(db, companyId, wanted)).length !== wanted.length) {
    throw new AppError(422, 'unknown_speciality', staffTexts.unknownSpeciality);
  }
  const before = await db.transaction(async (tx) => {
    await lockCompanyStaff(tx, companyId);
    const member = await memberOf(tx, companyId, userId);
    if (!member) throw new AppError(404, 'member_not_found', staffTexts.memberNotFound);
    const demoted = member.role === 'admin' && input.role !== undefined && input.role !== 'admin';
    if (demoted && member.deactivatedAt === null && (await otherActiveAdmins(tx, companyId, userId)) === 0) {
      throw new AppError(409, 'last_admin', staffTexts.lastAdminDemote);
    }
    await updateMember(tx, companyId, userId, { role: input.role, specialityIds: wanted });
    return member;
  });
  const audit = {
    companyId,
    actorUserId: input.actorUserId,
    subjectKind: 'user',
    subjectId: userId,
    ip: input.ip ?? null,
  };
  if (input.role !== undefined && input.role !== before.role) {
    await recordAudit(db, {
      ...audit,
      action: 'staff.role.change',
      details: { from: before.role, to: input.role },
    });
  }
  if (
    wanted !== undefined &&
    !sameIds(
      wanted,
      [...before.specialityIds].sort((a, b) => a - b),
    )
  ) {
    await recordAudit(db, {
      ...audit,
      action: 'staff.specialities.change',
      details: { from: before.specialityIds, to: wanted },
    });
  }
  return (await teamMemberOf(db, companyId, userId))!;
}
