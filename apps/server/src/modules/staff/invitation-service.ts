import { STAFF_INVITATION_TTL_DAYS, staffTexts } from '@seguridad/contracts/messages';
import type { Database } from '../../db/client';
import type { MailSender } from '../../integrations/mail/mail-sender';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/password';
import { hashToken, newToken } from '../../lib/tokens';
import { recordAudit } from '../audit/audit-service';
import { findUserByEmail, insertUser } from '../identity/user-queries';
import { staffInvitationLink, staffInvitationMail } from './staff-mails';
import {
  claimInvitation,
  companyById,
  deleteInvitation,
  insertInvitation,
  invitationOf,
  isMemberAnywhere,
  membershipByEmail,
  replaceInvitationCode,
  revokeInvitation,
  revokePendingInvitationsTo,
  specialityIdsOf,
  usableInvitation,
  type StaffRole,
} from './staff-queries';

export type InvitationDeps = {
  db: Database;
  mail: MailSender;
  config: { publicBaseUrl: string; brandName: string };
};

const TTL_MS = STAFF_INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;

export function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Invites someone to the company's staff: stores the code's hash (a new invitation to the same
 * address replaces a pending one), mails the link through the configured mail engine and records
 * it in the audit trail. A mail that cannot be sent leaves no invitation behind.
 */
export async function inviteStaff(
  deps: InvitationDeps,
  input: {
    companyId: number;
    email: string;
    role: StaffRole;
    specialityIds?: number[];
    invitedBy: number | null;
    ip?: string | null;
  },
): Promise<{ invitationId: number; link: string; expiresAt: Date }> {
  const { db } = deps;
  const email = normalEmail(input.email);
  const company = await companyById(db, input.companyId);
  if (!company) throw new AppError(404, 'company_not_found', 'company not found');
  const wanted = [...new Set(input.specialityIds ?? [])];
  const known = await specialityIdsOf(db, company.id, wanted);
  if (known.length !== wanted.length) {
    throw new AppError(422, 'unknown_speciality', staffTexts.unknownSpeciality);
  }
  const member = await membershipByEmail(db, email);
  if (member) {
    throw member.companyId === company.id
      ? new AppError(409, 'already_member', staffTexts.alreadyMember)
      : new AppError(409, 'member_elsewhere', staffTexts.memberElsewhere);
  }
  const code = newToken();
  const invitation = await db.transaction(async (tx) => {
    await revokePendingInvitationsTo(tx, company.id, email);
    return insertInvitation(tx, {
      companyId: company.id,
      email,
      role: input.role,
      specialityIds: wanted,
      codeHash: hashToken(code),
      invitedBy: input.invitedBy,
      expiresAt: new Date(Date.now() + TTL_MS),
    });
  });
  const link = staffInvitationLink(deps.config.publicBaseUrl, code);
  try {
    await deps.mail.send({
      ...staffInvitationMail(
        { brandName: deps.config.brandName, to: email, companyName: company.name, role: input.role },
        link,
      ),
      expiresAt: invitation.expiresAt,
    });
  } catch (error) {
    await deleteInvitation(db, invitation.id);
    throw error;
  }
  await recordAudit(db, {
    companyId: company.id,
    actorUserId: input.invitedBy,
    action: 'staff.invite',
    subjectKind: 'invitation',
    subjectId: invitation.id,
    ip: input.ip ?? null,
    details: { email, role: input.role, specialityIds: wanted },
  });
  return { invitationId: invitation.id, link, expiresAt: invitation.expiresAt };
}

function notFound(): AppError {
  return new AppError(404, 'invitation_not_found', staffTexts.invitationNotFound);
}

function notPending(): AppError {
  return new AppError(409, 'invitation_not_pending', staffTexts.invitationNotPending);
}

/**
 * Sends a pending invitation again with a new code and a new 7-day term: the old link stops at
 * once. A mail the engine refuses leaves the invitation pending with a code nobody has (the old
 * link stays dead); sending again fixes it.
 */
export async function resendInvitation(
  deps: InvitationDeps,
  input: { companyId: number; invitationId: number; actorUserId: number; ip?: string | null },
): Promise<{ link: string; expiresAt: Date }> {
  const { db } = deps;
  const invitation = await invitationOf(db, input.companyId, input.invitationId);
  if (!invitation) throw notFound();
  if (invitation.acceptedAt || invitation.revokedAt) throw notPending();
  const company = await companyById(db, input.companyId);
  if (!company) throw new AppError(404, 'company_not_found', 'company not found');
  if (await membershipByEmail(db, invitation.email)) {
    throw new AppError(409, 'already_member', staffTexts.alreadyMember);
  }
  const code = newToken();
  const expiresAt = new Date(Date.now() + TTL_MS);
  if (!(await replaceInvitationCode(db, invitation.id, hashToken(code), expiresAt))) throw notPending();
  const link = staffInvitationLink(deps.config.publicBaseUrl, code);
  await deps.mail.send({
    ...staffInvitationMail(
      {
        brandName: deps.config.brandName,
        to: invitation.email,
        companyName: company.name,
        role: invitation.role,
      },
      link,
    ),
    expiresAt,
  });
  await recordAudit(db, {
    companyId: input.companyId,
    actorUserId: input.actorUserId,
    action: 'staff.invite.resend',
    subjectKind: 'invitation',
    subjectId: invitation.id,
    ip: input.ip ?? null,
    details: { email: invitation.email },
  });
  return { link, expiresAt };
}

/** Revokes a pending invitation: its link stops. An accepted or revoked one is refused (409). */
export async function revokeStaffInvitation(
  db: Database,
  input: { companyId: number; invitationId: number; actorUserId: number; ip?: string | null },
): Promise<void> {
  const invitation = await invitationOf(db, input.companyId, input.invitationId);
  if (!invitation) throw notFound();
  if (!(await revokeInvitation(db, invitation.id))) throw notPending();
  await recordAudit(db, {
    companyId: input.companyId,
    actorUserId: input.actorUserId,
    action: 'staff.invite.revoke',
    subjectKind: 'invitation',
    subjectId: invitation.id,
    ip: input.ip ?? null,
    details: { email: invitation.email },
  });
}

function invalid(): AppError {
  return new AppError(404, 'invitation_invalid', staffTexts.invitationInvalid);
}

/** What the invitation page shows before the person accepts; 404 for a used, revoked or old code. */
export async function lookUpInvitation(db: Database, code: string) {
  const found = await usableInvitation(db, hashToken(code));
  if (!found) throw invalid();
  const account = await findUserByEmail(db, found.invitation.email);
  return {
    company_name: found.companyName,
    email: found.invitation.email,
    role: found.invitation.role,
    account_exists: account !== undefined,
  };
}

/**
 * Accepts an invitation, once. A signed-in account accepts it when its e-mail is the invited one;
 * otherwise a new account is created with the invited e-mail, the name and the password given
 * (an address that already has an account must sign in instead). Returns who joined.
 */
export async function acceptInvitation(
  db: Database,
  input: {
    code: string;
    signedInUserId?: number | undefined;
    newAccount?: { name: string; lastname: string; password: string } | undefined;
    ip?: string | null;
  },
): Promise<{ userId: number; companyId: number; email: string; newAccount: boolean }> {
  const found = await usableInvitation(db, hashToken(input.code));
  if (!found) throw invalid();
  const { invitation } = found;
  const existing = await findUserByEmail(db, invitation.email);
  if (input.signedInUserId !== undefined) {
    if (!existing || existing.id !== input.signedInUserId) {
      throw new AppError(403, 'invitation_not_for_you', staffTexts.invitationNotForYou);
    }
  } else {
    if (existing) throw new AppError(409, 'account_exists', staffTexts.accountExists);
    if (!input.newAccount) throw new AppError(400, 'bad_request', staffTexts.createAccount);
  }
  const newAccount = input.signedInUserId === undefined ? input.newAccount : undefined;
  const passwordHash = newAccount ? await hashPassword(newAccount.password) : undefined;
  // The account, the membership and the used code go in together: nothing is half-created.
  const userId = await db.transaction(async (tx) => {
    let id = existing?.id;
    if (newAccount && passwordHash) {
      const inserted = await insertUser(tx, {
        name: newAccount.name.trim(),
        lastname: newAccount.lastname.trim(),
        email: invitation.email,
        passwordHash,
        // The staff invitation's link came through this mailbox: it is proven (decision 039).
        emailVerifiedAt: new Date(),
      });
      if (!inserted) throw new AppError(409, 'account_exists', staffTexts.accountExists);
      id = inserted.id;
    }
    if (id === undefined) throw invalid();
    if (await isMemberAnywhere(tx, id)) {
      throw new AppError(409, 'member_elsewhere', staffTexts.memberElsewhere);
    }
    if (!(await claimInvitation(tx, invitation, id))) throw invalid();
    return id;
  });
  const created = newAccount !== undefined;
  await recordAudit(db, {
    companyId: invitation.companyId,
    actorUserId: userId,
    action: 'staff.invitation_accept',
    subjectKind: 'invitation',
    subjectId: invitation.id,
    ip: input.ip ?? null,
    details: { email: invitation.email, role: invitation.role, newAccount: created },
  });
  return { userId, companyId: invitation.companyId, email: invitation.email, newAccount: created };
}
