import { endpoints, type VerifyPaymentBody, type VerifyPaymentResponse } from '@kaushal/contract';
import { api } from '@/lib/api-client';

/** POST /payments/verify. A `success: false` answer is a failure too. */
export async function verifyPayment(body: VerifyPaymentBody): Promise<VerifyPaymentResponse> {
  const response = await api(endpoints.verifyPayment, { body });
  if (!response.success) throw new Error(response.message || 'Payment verification failed');
  return response;
}
