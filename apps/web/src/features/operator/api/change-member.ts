import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffApi, type TeamMember, type TeamMemberChangeBody } from '@seguridad/contracts/http/staff';
import { apiRequest } from '../../../shared/api/api-client';
import { operatorQueryKeys } from './operator-query-keys';

/** Admins only: a member's new role, specialities or both. */
export function changeMember({
  userId,
  ...body
}: TeamMemberChangeBody & { userId: number }): Promise<{ code: 200; member: TeamMember }> {
  return apiRequest(staffApi.changeMember.request({ userId }), { body, auth: true });
}

export function useChangeMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeMember,
    onSettled: () => queryClient.invalidateQueries({ queryKey: operatorQueryKeys.team }),
  });
}
