import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DrawWinnersResponse } from '@seguridad/contracts/http/promo';
import { apiRequest } from '../../../shared/api/api-client';

export function getWinners(): Promise<DrawWinnersResponse> {
  return apiRequest<DrawWinnersResponse>('/api/promo/winners');
}

export const winnersQueryOptions = queryOptions({ queryKey: ['promo', 'winners'], queryFn: getWinners });

export function useWinners() {
  return useQuery(winnersQueryOptions);
}
