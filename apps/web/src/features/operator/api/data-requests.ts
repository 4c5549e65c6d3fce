import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dataRequestsApi, type DataRequest } from '@seguridad/contracts/http/data-requests';
import { apiRequest } from '../../../shared/api/api-client';
import { operatorQueryKeys, retryUnlessDenied } from './operator-query-keys';

/** As `consoleDataRequestSchema` says: the request, who filed it, and whether to flag it. */
export type ConsoleDataRequest = DataRequest & { email: string; near_deadline: boolean };
export type ConsoleDataRequestsResponse = { code: 200; requests: ConsoleDataRequest[] };

/** Admins only: every rights request, open first by deadline (decision 034). */
export function useConsoleDataRequests() {
  return useQuery({
    queryKey: operatorQueryKeys.dataRequests,
    queryFn: () => apiRequest(dataRequestsApi.companyList.request(), { auth: true }),
    retry: retryUnlessDenied,
  });
}

type StepResponse = { code: 200; message: string };

function useRequestStep<Body>(run: (body: Body) => Promise<StepResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    // The audit tab shows the step too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: operatorQueryKeys.dataRequests }),
        queryClient.invalidateQueries({ queryKey: operatorQueryKeys.audit }),
      ]),
  });
}

/** Answers a request: mailed to the person, in the trail. */
export function useAnswerDataRequest() {
  return useRequestStep(({ id, answer }: { id: number; answer: string }) =>
    apiRequest(dataRequestsApi.answer.request({ id }), {
      body: { answer },
      auth: true,
    }),
  );
}

/** Extends a request's deadline once, with a reason mailed to the person. */
export function useExtendDataRequest() {
  return useRequestStep(({ id, reason }: { id: number; reason: string }) =>
    apiRequest(dataRequestsApi.extend.request({ id }), {
      body: { reason },
      auth: true,
    }),
  );
}
