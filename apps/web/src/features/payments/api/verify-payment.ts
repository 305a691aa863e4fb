import { routes, type VerifyPaymentBody, type VerifyPaymentResponse } from '@kaushal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /payments/verify. A `success: false` answer is a failure too. */
export async function verifyPayment(body: VerifyPaymentBody): Promise<VerifyPaymentResponse> {
  const response = await apiRequest<VerifyPaymentResponse>(routes.verifyPayment, { method: 'POST', body });
  if (!response.success) throw new Error(response.message || 'Payment verification failed');
  return response;
}

export function useVerifyPayment() {
  return useMutation({ mutationFn: verifyPayment });
}
