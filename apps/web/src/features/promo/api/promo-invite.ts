import type { OkResponse } from '@seguridad/contracts/http/auth';
import { type PromoInviteBody, promoApi } from '@seguridad/contracts/http/promo';
import { apiRequest } from '../../../shared/api/api-client';

/** One invitation from the promo dialog; the dialog sends its three in parallel. */
export function promoInvite(body: PromoInviteBody): Promise<OkResponse> {
  return apiRequest(promoApi.invite.request(), { body, auth: true });
}
