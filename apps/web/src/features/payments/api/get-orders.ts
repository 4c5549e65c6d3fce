import { queryOptions, useQuery } from '@tanstack/react-query';
import { type OrdersResponse, paymentsApi } from '@seguridad/contracts/http/payments';
import { apiRequest } from '../../../shared/api/api-client';

export function getOrders(): Promise<OrdersResponse> {
  return apiRequest(paymentsApi.orders.request(), { auth: true });
}

export const ordersQueryOptions = queryOptions({ queryKey: ['payments', 'orders'], queryFn: getOrders });

export function useOrders(enabled: boolean) {
  return useQuery({ ...ordersQueryOptions, enabled });
}
