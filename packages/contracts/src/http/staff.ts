import { z } from 'zod';
import { STAFF_ROLES } from '../messages/staff';
import { validationMessages as v } from '../messages';
import { newPasswordSchema, requiredName } from './auth';
import { apiRoute } from './api-route';

export const staffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRoleSchema>;

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

/** Staff invitations and the team. */
export const staffApi = {
  lookupInvitation: apiRoute('POST', '/api/v1/staff/invitations/lookup'),
  registerInvitation: apiRoute('POST', '/api/v1/staff/invitations/register'),
  acceptInvitation: apiRoute('POST', '/api/v1/staff/invitations/accept'),
  deactivateMember: apiRoute('POST', '/api/v1/operator/team/:userId/deactivate'),
  reactivateMember: apiRoute('POST', '/api/v1/operator/team/:userId/reactivate'),
} as const;
