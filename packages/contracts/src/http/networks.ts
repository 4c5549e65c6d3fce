import { z } from 'zod';
import { databaseIdSchema, databaseIdValueSchema } from './ids';
import { validationMessages as v } from '../messages';
import { okResponseSchema } from './auth';
import { apiRoute } from './api-route';

/**
 * The security network (spec §2 Networks and Network invitation page, §3 Network invitation and
 * Invitation by link, §4 statuses, §7 `networks/*`, `user/getUserInfoByCode`).
 */

/** 1 pending, 2 confirmed, 3 rejected (spec §4). */
export const NETWORK_STATUS = { pending: 1, confirmed: 2, rejected: 3 } as const;
export const networkStatusSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type NetworkStatus = z.infer<typeof networkStatusSchema>;

/** The stricter pattern of the invitation dialog (spec §5): 'Formato incorrecto' otherwise. */
const INVITATION_EMAIL_PATTERN = /^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$/;

export const invitationEmailSchema = z
  .string({ error: v.invitationEmailInvalid })
  .trim()
  .max(254, v.invitationEmailInvalid)
  .regex(INVITATION_EMAIL_PATTERN, v.invitationEmailInvalid);

export const addUserToNetworkBodySchema = z.object({ guest_email: invitationEmailSchema });

const personProfileSchema = z.object({ name: z.string(), lastname: z.string() });

/** A row of Mi Red: someone the user invited. `profile` is null while the guest has no account. */
export const myNetworkInvitationSchema = z.object({
  id: z.number().int(),
  status: networkStatusSchema,
  guest: z.object({ email: z.string(), profile: personProfileSchema.nullable() }),
});
export type MyNetworkInvitation = z.infer<typeof myNetworkInvitationSchema>;

/** A row of Redes Externas: someone who invited the user. */
export const externalNetworkInvitationSchema = z.object({
  id: z.number().int(),
  status: networkStatusSchema,
  owner: z.object({ email: z.string(), profile: personProfileSchema }),
});
export type ExternalNetworkInvitation = z.infer<typeof externalNetworkInvitationSchema>;

export const myNetworkResponseSchema = z.object({
  code: z.literal(200),
  my_network: z.array(myNetworkInvitationSchema),
  external_networks: z.array(externalNetworkInvitationSchema),
  /**
   * Whether the account's e-mail is proven: until it is, invitations to it are neither listed nor
   * answerable (decision 039).
   */
  email_verified: z.boolean(),
});
export type MyNetworkResponse = z.infer<typeof myNetworkResponseSchema>;

/** Leave a network (the member) or remove someone from it (the owner). */
export const quitSecurityNetworkBodySchema = z.object({ invitation_id: databaseIdValueSchema });

/** The invitee confirms (2) or rejects (3) a pending invitation from the settings page. */
export const acceptRejectInvitationBodySchema = z.object({
  invitation_id: databaseIdValueSchema,
  status: z.union([z.literal(2), z.literal(3)]),
});

/** The link e-mailed with each invitation: `/network_invite?code=…&cmp=…`. */
const invitationCodeSchema = z.string().trim().min(16).max(128);

export const userInfoByCodeQuerySchema = z.object({
  user_code: invitationCodeSchema,
  company_id: databaseIdSchema,
});
export const userInfoByCodeResponseSchema = z.object({
  code: z.literal(200),
  user: personProfileSchema,
});
export type UserInfoByCodeResponse = z.infer<typeof userInfoByCodeResponseSchema>;

export const enterWithInvitationCodeBodySchema = z.object({
  company_id: databaseIdValueSchema,
  invitation_code: invitationCodeSchema,
  status: z.union([z.literal(2), z.literal(3)]),
});

/** The security network routes. */
export const networksApi = {
  addUser: apiRoute('POST', '/api/v1/networks/addUserToNetwork', 'user', {
    body: addUserToNetworkBodySchema,
    response: okResponseSchema,
  }),
  myNetwork: apiRoute('GET', '/api/v1/networks/getMyNetwork', 'user', { response: myNetworkResponseSchema }),
  acceptRejectInvitation: apiRoute('POST', '/api/v1/networks/acceptRejectInvitation', 'user', {
    body: acceptRejectInvitationBodySchema,
    response: okResponseSchema,
  }),
  quit: apiRoute('POST', '/api/v1/networks/quitSecurityNetwork', 'user', {
    body: quitSecurityNetworkBodySchema,
    response: okResponseSchema,
  }),
  userInfoByCode: apiRoute('GET', '/api/v1/user/getUserInfoByCode', 'user', {
    query: userInfoByCodeQuerySchema,
    response: userInfoByCodeResponseSchema,
  }),
  enterWithInvitationCode: apiRoute('POST', '/api/v1/networks/enterToNetworkWithInvitationCode', 'user', {
    body: enterWithInvitationCodeBodySchema,
    response: okResponseSchema,
  }),
} as const;
