import {
  type LoginResponse,
  type OkResponse,
  type SignupBody,
  authApi,
} from '@seguridad/contracts/http/auth';
import { apiRequest } from '../../../shared/api/api-client';
import { getDeviceIdentity } from '../../../shared/auth/device-identity';

/** The promo variant of sign-up (with `phone`): the account and its draw entry. */
export function promoSignup(body: SignupBody): Promise<OkResponse> {
  return apiRequest(authApi.signup.request(), { body });
}

/** Signs the new account in right away: the page goes on to the invitations. */
export function promoLogin(email: string, password: string): Promise<LoginResponse> {
  return apiRequest(authApi.login.request(), {
    body: { email, password, device: getDeviceIdentity() },
  });
}

/** Ends this session on the server (Registrar Otro Usuario). */
export function promoLogout(): Promise<OkResponse> {
  return apiRequest(authApi.logout.request(), { auth: true });
}
