import { z } from 'zod';
import { STAFF_ROLES, staffTexts } from '../messages/staff';
import { validationMessages as v } from '../messages';
import {
  accountEmailSchema,
  codeResponseSchema,
  loginResponseSchema,
  newPasswordSchema,
  requiredName,
} from './auth';
import { databaseIdValueSchema } from './ids';
import { apiRoute } from './api-route';

export const staffRoleSchema = z.enum(STAFF_ROLES, { error: staffTexts.unknownRole });
export type StaffRole = z.infer<typeof staffRoleSchema>;

/** The specialities a member serves; empty: every one of the company's. */
const specialityIdsSchema = z
  .array(databaseIdValueSchema, { error: staffTexts.unknownSpeciality })
  .max(200, staffTexts.unknownSpeciality);

/** The code of an e-mailed staff invitation (43 URL-safe characters as the server writes them). */
export const staffInvitationCodeSchema = z
  .string({ error: v.required })
  .trim()
  .min(16, v.required)
  .max(128, v.required)
  .regex(/^[A-Za-z0-9_-]+$/, v.required);

export const staffInvitationCodeBodySchema = z.object({ code: staffInvitationCodeSchema });

export const staffInvitationSummarySchema = z.object({
  code: z.literal(200),
  company_name: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  /** True when the address already has an account: the person signs in and accepts. */
  account_exists: z.boolean(),
});
export type StaffInvitationSummary = z.infer<typeof staffInvitationSummarySchema>;

/** A new account for the invited address: name and password (the e-mail is the invitation's). */
export const staffInvitationRegisterBodySchema = z
  .object({
    code: staffInvitationCodeSchema,
    name: requiredName,
    lastname: requiredName,
    password: newPasswordSchema,
    password_confirmation: z
      .string({ error: v.passwordConfirmationRequired })
      .min(1, v.passwordConfirmationRequired),
  })
  .refine((body) => body.password === body.password_confirmation, {
    message: v.passwordsDoNotMatch,
    path: ['password_confirmation'],
  });

export const staffInvitationAcceptedSchema = z.object({
  code: z.literal(200),
  company_name: z.string(),
  role: staffRoleSchema,
});

/** The console's Equipo tab: invite someone with a role and the specialities they serve. */
export const teamInviteBodySchema = z.object({
  email: accountEmailSchema,
  role: staffRoleSchema,
  speciality_ids: specialityIdsSchema.default([]),
});
export type TeamInviteBody = z.input<typeof teamInviteBodySchema>;

/** A member's new role, specialities or both. */
export const teamMemberChangeBodySchema = z
  .object({ role: staffRoleSchema.optional(), speciality_ids: specialityIdsSchema.optional() })
  .refine((body) => body.role !== undefined || body.speciality_ids !== undefined, {
    message: staffTexts.nothingToChange,
  });
export type TeamMemberChangeBody = z.infer<typeof teamMemberChangeBodySchema>;

export const teamMemberSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  speciality_ids: z.array(z.number().int()),
  /** When the person last signed in (their newest session), null if never. */
  last_sign_in_at: z.string().nullable(),
  /** A confirmed phone: the person can sign in with two steps. */
  two_step: z.boolean(),
  active: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: staffRoleSchema,
  speciality_ids: z.array(z.number().int()),
  /** Who sent it, null when the platform's command did or the account is gone. */
  invited_by: z.string().nullable(),
  expires_at: z.string(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

export const teamResponseSchema = z.object({
  code: z.literal(200),
  members: z.array(teamMemberSchema),
  /** The administrator asking: their own row has no Desactivar. */
  own_user_id: z.number().int(),
  /** Neither accepted nor revoked, newest first; an expired one stays until resent or revoked. */
  invitations: z.array(teamInvitationSchema),
});
export type TeamResponse = z.infer<typeof teamResponseSchema>;

export const teamInvitationResponseSchema = z.object({
  code: z.literal(200),
  invitation: teamInvitationSchema,
});

export const teamMemberResponseSchema = z.object({ code: z.literal(200), member: teamMemberSchema });

/** Staff invitations and the team. */
/** A member deactivated or reactivated: whether they may sign in to the console now. */
export const memberActiveResponseSchema = z.object({ code: z.literal(200), active: z.boolean() });

export const staffApi = {
  lookupInvitation: apiRoute('POST', '/api/v1/staff/invitations/lookup', 'public', {
    body: staffInvitationCodeBodySchema,
    response: staffInvitationSummarySchema,
  }),
  registerInvitation: apiRoute('POST', '/api/v1/staff/invitations/register', 'public', {
    body: staffInvitationRegisterBodySchema,
    response: loginResponseSchema,
  }),
  acceptInvitation: apiRoute('POST', '/api/v1/staff/invitations/accept', 'user', {
    body: staffInvitationCodeBodySchema,
    response: staffInvitationAcceptedSchema,
  }),
  team: apiRoute('GET', '/api/v1/operator/team', 'admin', { response: teamResponseSchema }),
  inviteMember: apiRoute('POST', '/api/v1/operator/team/invitations', 'admin', {
    body: teamInviteBodySchema,
    response: teamInvitationResponseSchema,
  }),
  resendInvitation: apiRoute('POST', '/api/v1/operator/team/invitations/:invitationId/resend', 'admin', {
    response: teamInvitationResponseSchema,
  }),
  revokeInvitation: apiRoute('POST', '/api/v1/operator/team/invitations/:invitationId/revoke', 'admin', {
    response: codeResponseSchema,
  }),
  changeMember: apiRoute('PATCH', '/api/v1/operator/team/:userId', 'admin', {
    body: teamMemberChangeBodySchema,
    response: teamMemberResponseSchema,
  }),
  deactivateMember: apiRoute('POST', '/api/v1/operator/team/:userId/deactivate', 'admin', {
    response: memberActiveResponseSchema,
  }),
  reactivateMember: apiRoute('POST', '/api/v1/operator/team/:userId/reactivate', 'admin', {
    response: memberActiveResponseSchema,
  }),
} as const;
