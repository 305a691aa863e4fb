import { type CreateOrderBody, endpoints, type PaymentOrder } from '@kaushal/contract';
import { api } from '@/lib/api-client';

/** POST /payments/create-order: the server prices the order from its own catalogue. */
export const createPaymentOrder = (body: CreateOrderBody): Promise<PaymentOrder> =>
  api(endpoints.createOrder, { body });
