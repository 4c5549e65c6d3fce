import { useMutation, useQuery } from '@tanstack/react-query';
import {
  callbackSlotsResponseSchema,
  type CallbackBody,
  callbacksApi,
} from '@seguridad/contracts/http/callbacks';
import { apiRequest } from '../../../shared/api/api-client';
import { useCompanyKey } from '../../../shared/api/company-key';

/** 'Solicitar llamada' (decision 018): the request enters the operators' queue. */
export function requestCallback(
  companyKey: string,
  body: CallbackBody,
): Promise<{ success: true; data: { id: number } }> {
  return apiRequest(callbacksApi.request.request(), { body, companyKey });
}

export function useRequestCallback() {
  const companyKey = useCompanyKey();
  return useMutation({ mutationFn: (body: CallbackBody) => requestCallback(companyKey, body) });
}

/** Today's one-hour slots still open for a callback ('HH:00'); empty when only 'asap' fits. */
export async function getCallbackSlots(companyKey: string): Promise<string[]> {
  const payload = await apiRequest(callbacksApi.slots.request(), { companyKey });
  const parsed = callbackSlotsResponseSchema.safeParse(payload);
  return parsed.success ? parsed.data.data.slots : [];
}

export function useCallbackSlots(enabled: boolean) {
  const companyKey = useCompanyKey();
  return useQuery({
    queryKey: ['widget', 'callback-slots', companyKey],
    queryFn: () => getCallbackSlots(companyKey),
    enabled,
    staleTime: 60_000,
  });
}
