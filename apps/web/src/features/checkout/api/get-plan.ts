import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentsApi, type PlanResponse } from '@seguridad/contracts/http/payments';
import { apiRequest } from '../../../shared/api/api-client';

export function getPlan(planId: number): Promise<PlanResponse> {
  return apiRequest(paymentsApi.plan.request({ id: planId }));
}

export function planQueryOptions(planId: number) {
  return queryOptions({
    queryKey: ['checkout', 'plan', planId],
    queryFn: () => getPlan(planId),
    retry: false,
  });
}

export function usePlan(planId: number | null) {
  return useQuery({ ...planQueryOptions(planId ?? 0), enabled: planId !== null });
}
