import { auditApi } from './http/audit';
import { authApi } from './http/auth';
import { authenticatorApi } from './http/authenticator';
import { availabilityApi } from './http/availability';
import { callVideosApi } from './http/call-videos';
import { callbacksApi } from './http/callbacks';
import { callLinksApi } from './http/call-links';
import { callsApi } from './http/calls';
import { companyApi } from './http/company';
import { consentsApi } from './http/consents';
import { dataExportsApi } from './http/data-exports';
import { dataRequestsApi } from './http/data-requests';
import { healthApi } from './http/health';
import { networksApi } from './http/networks';
import { operatorApi } from './http/operator';
import { paymentsApi } from './http/payments';
import { promoApi } from './http/promo';
import { ratingsApi } from './http/ratings';
import { recordingsApi } from './http/recordings';
import { reportsApi } from './http/reports';
import { retentionApi } from './http/retention';
import { settingsApi } from './http/settings';
import { staffApi } from './http/staff';
import { supervisionApi } from './http/supervision';
import { wheelApi } from './http/wheel';
import { widgetApi } from './http/widget';

/**
 * Every API route by area. Each area is declared beside its schemas (`http/<area>.ts`) and is
 * imported from there, so the web bundles only the areas it asks; this map is the whole list, for
 * tests and docs.
 */
export const apiPaths = {
  audit: auditApi,
  auth: authApi,
  authenticator: authenticatorApi,
  availability: availabilityApi,
  callVideos: callVideosApi,
  callbacks: callbacksApi,
  callLinks: callLinksApi,
  calls: callsApi,
  company: companyApi,
  consents: consentsApi,
  dataExports: dataExportsApi,
  dataRequests: dataRequestsApi,
  health: healthApi,
  networks: networksApi,
  operator: operatorApi,
  payments: paymentsApi,
  promo: promoApi,
  ratings: ratingsApi,
  recordings: recordingsApi,
  reports: reportsApi,
  retention: retentionApi,
  settings: settingsApi,
  staff: staffApi,
  supervision: supervisionApi,
  wheel: wheelApi,
  widget: widgetApi,
} as const;
