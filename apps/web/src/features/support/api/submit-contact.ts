import { type ContactMessage, type ContactResponse, endpoints } from '@kaushal/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The form's values: every field a string, phone possibly empty. */
export type ContactFormValues = Omit<ContactMessage, 'phone' | 'category'> & { phone: string; category: string };

/** POST /contact/submit. A success: false answer is a failure too (spec: 'Submission failed'). */
export async function submitContact(values: ContactFormValues): Promise<ContactResponse> {
  const response = await api(endpoints.contactSubmit, { body: values as ContactMessage });
  if (!response.success) throw new Error('Submission failed');
  return response;
}

export function useSubmitContact() {
  return useMutation({ mutationFn: submitContact });
}
