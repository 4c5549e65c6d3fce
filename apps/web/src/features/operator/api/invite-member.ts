import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffApi, type TeamInvitation, type TeamInviteBody } from '@seguridad/contracts/http/staff';
import { apiRequest } from '../../../shared/api/api-client';
import { operatorQueryKeys } from './operator-query-keys';

/** Admins only: mails an invitation to join the team with a role and the specialities served. */
export function inviteMember(body: TeamInviteBody): Promise<{ code: 200; invitation: TeamInvitation }> {
  return apiRequest(staffApi.inviteMember.request(), { body, auth: true });
}

export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorQueryKeys.team }),
  });
}
