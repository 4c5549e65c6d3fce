import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffApi, type TeamInvitation } from '@seguridad/contracts/http/staff';
import { apiRequest } from '../../../shared/api/api-client';
import { operatorQueryKeys } from './operator-query-keys';

/** Admins only: a new code and a new mail for a pending invitation; the old link stops. */
export function resendInvitation(invitationId: number): Promise<{ code: 200; invitation: TeamInvitation }> {
  return apiRequest(staffApi.resendInvitation.request({ invitationId }), { auth: true });
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: operatorQueryKeys.team }),
  });
}
