import { useMutation } from '@tanstack/react-query';
import {
  type PurchaseBody,
  type StartPaymentResponse,
  paymentsApi,
} from '@seguridad/contracts/http/payments';
import { apiRequest } from '../../../shared/api/api-client';

/** The checkout's "Start purchase": answers Flow's page and token. */
export function startPurchase(body: PurchaseBody): Promise<StartPaymentResponse> {
  return apiRequest(paymentsApi.purchase.request(), { body, auth: true });
}

export function useStartPurchase() {
  return useMutation({ mutationFn: startPurchase });
}
