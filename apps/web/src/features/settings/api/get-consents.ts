import { queryOptions, useQuery } from '@tanstack/react-query';
import { consentsApi, type ConsentRecord } from '@seguridad/contracts/http/consents';
import { apiRequest } from '../../../shared/api/api-client';
import { settingsQueryKeys } from './settings-query-keys';

/** The account's consent records (decision 049), oldest first. */
export async function getConsents(): Promise<ConsentRecord[]> {
  const answer = await apiRequest(consentsApi.mine.request(), { auth: true });
  return answer.consents;
}

export function consentsQueryOptions() {
  return queryOptions({ queryKey: settingsQueryKeys.consents, queryFn: getConsents });
}

export function useConsents() {
  return useQuery(consentsQueryOptions());
}
