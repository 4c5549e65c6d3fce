import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type OperatorDrawResponse, type PublishDrawBody, promoApi } from '@seguridad/contracts/http/promo';
import { apiRequest } from '../../../shared/api/api-client';
import { drawQueryKey } from './get-draw';

/** Freezes the eligible list and publishes the seed's commitment and the date. */
export function publishDraw(body: PublishDrawBody): Promise<OperatorDrawResponse> {
  return apiRequest(promoApi.publishDraw.request(), {
    body,
    auth: true,
  });
}

export function usePublishDraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishDraw,
    onSuccess: (view) => queryClient.setQueryData(drawQueryKey, view),
  });
}
