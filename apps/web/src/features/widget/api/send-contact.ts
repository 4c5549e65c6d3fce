import { useMutation } from '@tanstack/react-query';
import { type ContactBody, widgetApi } from '@seguridad/contracts/http/widget';
import { apiRequest } from '../../../shared/api/api-client';
import { useCompanyKey } from '../../../shared/api/company-key';

export type SuccessResponse = { success: true };

/** The contact form (spec §3): the company inbox gets it, the operators see it in their console. */
export function sendContact(companyKey: string, body: ContactBody): Promise<SuccessResponse> {
  return apiRequest(widgetApi.contact.request(), { body, companyKey });
}

export function useSendContact() {
  const companyKey = useCompanyKey();
  return useMutation({ mutationFn: (body: ContactBody) => sendContact(companyKey, body) });
}
