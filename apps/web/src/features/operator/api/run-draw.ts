import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type OperatorDrawResponse, promoApi } from '@seguridad/contracts/http/promo';
import { apiRequest } from '../../../shared/api/api-client';
import { drawQueryKey } from './get-draw';

/** Reveals the seed and draws; running it again answers the same result. */
export function runDraw(): Promise<OperatorDrawResponse> {
  return apiRequest(promoApi.runDraw.request(), { auth: true });
}

export function useRunDraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runDraw,
    onSuccess: (view) => queryClient.setQueryData(drawQueryKey, view),
  });
}
