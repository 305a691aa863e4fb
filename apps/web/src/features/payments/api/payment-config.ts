import { endpoints } from '@kaushal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { paymentKeys } from './payment-keys';

/** GET /payments/config: which checkout script to load (Razorpay's, or the sandbox's) and the key id. */
export const paymentConfigQuery = () =>
  queryOptions({
    queryKey: paymentKeys.config(),
    queryFn: ({ signal }) => api(endpoints.paymentConfig, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
