import { useMutation, useQuery } from '@tanstack/react-query';
import {
  callbackSlotsResponseSchema,
  type CallbackBody,
  type CallbackSlotsResponse,
} from '@seguridad/contracts/http/callbacks';
import { apiRequest } from '../../../shared/api/api-client';

/** 'Solicitar llamada' (decision 018): the request enters the operators' queue. */
export function requestCallback(body: CallbackBody): Promise<{ success: true; data: { id: number } }> {
  return apiRequest('/api/callbacks', { method: 'POST', body, companyKey: true });
}

export function useRequestCallback() {
  return useMutation({ mutationFn: requestCallback });
}

/** Today's one-hour slots still open for a callback ('HH:00'); empty when only 'asap' fits. */
export async function getCallbackSlots(): Promise<string[]> {
  const payload = await apiRequest<CallbackSlotsResponse>('/api/callbacks/slots', { companyKey: true });
  const parsed = callbackSlotsResponseSchema.safeParse(payload);
  return parsed.success ? parsed.data.data.slots : [];
}

export function useCallbackSlots(enabled: boolean) {
  return useQuery({
    queryKey: ['widget', 'callback-slots'],
    queryFn: getCallbackSlots,
    enabled,
    staleTime: 60_000,
  });
}
