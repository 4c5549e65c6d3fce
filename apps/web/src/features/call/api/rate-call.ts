import { CALL_TOKEN_HEADER } from '@seguridad/contracts/http/calls';
import { ratingsApi, type RateCallBody } from '@seguridad/contracts/http/ratings';
import { apiRequest } from '../../../shared/api/api-client';

/** «¿Cómo fue tu atención?» (decision 044): the caller token proves whose call it was. */
export async function rateCall(
  call: { id: number; token: string; companyKey: string },
  body: RateCallBody,
): Promise<void> {
  await apiRequest(ratingsApi.rate.request({ id: call.id }), {
    body,
    companyKey: call.companyKey,
    headers: { [CALL_TOKEN_HEADER]: call.token },
  });
}
