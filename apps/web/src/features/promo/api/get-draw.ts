import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PublicDrawResponse, promoApi } from '@seguridad/contracts/http/promo';
import { apiRequest } from '../../../shared/api/api-client';

/** Places left among the first 1000, and the draw once published. */
export function getDraw(): Promise<PublicDrawResponse> {
  return apiRequest(promoApi.draw.request());
}

export const promoDrawQueryOptions = queryOptions({ queryKey: ['promo', 'draw'], queryFn: getDraw });

export function usePromoDraw() {
  return useQuery(promoDrawQueryOptions);
}
