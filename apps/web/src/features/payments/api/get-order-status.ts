import { queryOptions, useQuery } from '@tanstack/react-query';
import { FLOW_STATUS } from '@seguridad/contracts/constants';
import { type OrderStatusResponse, paymentsApi } from '@seguridad/contracts/http/payments';
import { apiRequest } from '../../../shared/api/api-client';

/** How often a still pending payment is asked about again. */
export const PENDING_RECHECK_MS = 3_000;

export function getOrderStatus(orderToken: string): Promise<OrderStatusResponse> {
  return apiRequest(paymentsApi.orderStatusByToken.request(), {
    body: { order_token: orderToken },
  });
}

export function orderStatusQueryOptions(orderToken: string) {
  return queryOptions({
    queryKey: ['payments', 'order-status', orderToken],
    queryFn: () => getOrderStatus(orderToken),
    retry: false,
    // Until the payment settles, ask again every few seconds; then never.
    refetchInterval: (query) =>
      query.state.data?.orderStatus.status === FLOW_STATUS.pending ? PENDING_RECHECK_MS : false,
  });
}

export function useOrderStatus(orderToken: string) {
  return useQuery(orderStatusQueryOptions(orderToken));
}
