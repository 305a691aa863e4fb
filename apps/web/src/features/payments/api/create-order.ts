import { type CreateOrderBody, type PaymentOrder, routes } from '@kaushal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /payments/create-order: the server prices the order from its own catalogue. */
export function createPaymentOrder(body: CreateOrderBody): Promise<PaymentOrder> {
  return apiRequest<PaymentOrder>(routes.createOrder, { method: 'POST', body });
}

export function useCreatePaymentOrder() {
  return useMutation({ mutationFn: createPaymentOrder });
}
