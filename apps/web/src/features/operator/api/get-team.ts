import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffApi, type TeamResponse } from '@seguridad/contracts/http/staff';
import { apiRequest } from '../../../shared/api/api-client';
import { operatorQueryKeys, retryUnlessDenied } from './operator-query-keys';

/** Admins only: the company's members and its pending invitations. */
export function getTeam(): Promise<TeamResponse> {
  return apiRequest(staffApi.team.request(), { auth: true });
}

export function teamQueryOptions() {
  return queryOptions({ queryKey: operatorQueryKeys.team, queryFn: getTeam, retry: retryUnlessDenied });
}

export function useTeam() {
  return useQuery(teamQueryOptions());
}
