import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PromoStatusResponse, promoApi } from '@seguridad/contracts/http/promo';
import { apiRequest } from '../../../shared/api/api-client';

export function getPromoStatus(): Promise<PromoStatusResponse> {
  return apiRequest(promoApi.status.request(), { auth: true });
}

export const promoStatusQueryOptions = (token: string | null) =>
  queryOptions({ queryKey: ['promo', 'status', token], queryFn: getPromoStatus, enabled: token !== null });

export function usePromoStatus(token: string | null) {
  return useQuery(promoStatusQueryOptions(token));
}
