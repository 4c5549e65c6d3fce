import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffApi } from '@seguridad/contracts/http/staff';
import { apiRequest } from '../../../shared/api/api-client';
import { operatorQueryKeys } from './operator-query-keys';

/**
 * Admins only: deactivates a member (their sessions and console end at once) or reactivates them;
 * the two routes answer alike, so one file serves both.
 */
export function setMemberActive({
  userId,
  active,
}: {
  userId: number;
  active: boolean;
}): Promise<{ code: 200; active: boolean }> {
  const route = active ? staffApi.reactivateMember : staffApi.deactivateMember;
  return apiRequest(route.request({ userId }), { auth: true });
}

export function useSetMemberActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMemberActive,
    onSettled: () => queryClient.invalidateQueries({ queryKey: operatorQueryKeys.team }),
  });
}
