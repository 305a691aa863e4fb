import { type BillingProfileBody, endpoints } from '@kaushal/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { paymentKeys } from './payment-keys';

/** GET /users/me/billing: the learner's billing details for invoices, `{profile: null}` until entered. */
export const billingProfileQuery = () =>
  queryOptions({
    queryKey: paymentKeys.billing(),
    queryFn: ({ signal }) => api(endpoints.billingProfile, { signal }),
  });

/** PUT /users/me/billing; the answer replaces the cached profile. */
export function useSaveBillingProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BillingProfileBody) => api(endpoints.updateBillingProfile, { body }),
    onSuccess: (profile) => queryClient.setQueryData(billingProfileQuery().queryKey, { profile }),
  });
}
