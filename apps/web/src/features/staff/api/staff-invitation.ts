import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type staffInvitationAcceptedSchema,
  type staffInvitationRegisterBodySchema,
  staffApi,
} from '@seguridad/contracts/http/staff';
import { apiRequest } from '../../../shared/api/api-client';

export type RegisterBody = z.infer<typeof staffInvitationRegisterBodySchema>;
export type AcceptedInvitation = z.infer<typeof staffInvitationAcceptedSchema>;

/** What an e-mailed staff invitation invites to (404 once used, revoked or expired). */
export function useStaffInvitation(code: string, enabled: boolean) {
  return useQuery({
    queryKey: ['staff-invitation', code],
    queryFn: () =>
      apiRequest(staffApi.lookupInvitation.request(), {
        body: { code },
      }),
    enabled,
    retry: false,
    gcTime: 0,
  });
}

/** A new account for the invited address, signed in at once. */
export function useRegisterWithInvitation() {
  return useMutation({
    mutationFn: (body: RegisterBody) => apiRequest(staffApi.registerInvitation.request(), { body }),
  });
}

/** The signed-in account of the invited address joins the team. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest(staffApi.acceptInvitation.request(), {
        auth: true,
        body: { code },
      }),
  });
}
