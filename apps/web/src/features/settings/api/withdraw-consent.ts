import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consentsApi, type ConsentRecord } from '@seguridad/contracts/http/consents';
import { apiRequest } from '../../../shared/api/api-client';
import { settingsQueryKeys } from './settings-query-keys';

/** «Retirar» (decision 049): the server also stops what depended on the consent. */
export function withdrawConsent(id: number): Promise<{ message: string; consent: ConsentRecord }> {
  return apiRequest(consentsApi.withdraw.request({ id }), { auth: true });
}

export function useWithdrawConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawConsent,
    // Withdrawing camera sharing switches it off: the Privacy section reads it again too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsQueryKeys.consents }),
        queryClient.invalidateQueries({ queryKey: settingsQueryKeys.userSettings }),
      ]),
  });
}
