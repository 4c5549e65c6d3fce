import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffApi } from '@seguridad/contracts/http/staff';
import { apiRequest } from '../../../shared/api/api-client';
import { operatorQueryKeys } from './operator-query-keys';

/** Admins only: a pending invitation's link stops working. */
export function revokeInvitation(invitationId: number): Promise<{ code: 200 }> {
  return apiRequest(staffApi.revokeInvitation.request({ invitationId }), { auth: true });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: operatorQueryKeys.team }),
  });
}
