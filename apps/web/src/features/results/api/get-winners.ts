import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DrawWinnersResponse } from '@seguridad/contracts/http/promo';
import { apiRequest } from '../../../shared/api/api-client';
import { winnersRead } from './public-draw-reads';

export function getWinners(): Promise<DrawWinnersResponse> {
  return apiRequest<DrawWinnersResponse>(winnersRead.path);
}

export const winnersQueryOptions = queryOptions({ queryKey: winnersRead.queryKey, queryFn: getWinners });

export function useWinners() {
  return useQuery(winnersQueryOptions);
}
