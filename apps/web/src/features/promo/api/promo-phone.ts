import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkResponse } from '@seguridad/contracts/http/auth';
import { type PromoPhoneVerifyBody, promoApi } from '@seguridad/contracts/http/promo';
import { apiRequest } from '../../../shared/api/api-client';

/** Sends a code by SMS to the entry's phone (decision 039); the two-step codes' budgets apply. */
export function sendPromoPhoneCode(): Promise<OkResponse> {
  return apiRequest(promoApi.sendPhoneCode.request(), {
    body: { type: 1 },
    auth: true,
  });
}

/** Proves the entry's phone with the code it received. */
export function verifyPromoPhone(body: PromoPhoneVerifyBody): Promise<OkResponse> {
  return apiRequest(promoApi.verifyPhone.request(), { body, auth: true });
}

export function useSendPromoPhoneCode() {
  return useMutation({ mutationFn: sendPromoPhoneCode });
}

export function useVerifyPromoPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPromoPhone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['promo'] }),
  });
}
