import { ApiRequestError } from '../../../shared/api/api-client';

/** Query keys of the console's server state; the realtime events invalidate them. */
export const operatorQueryKeys = {
  all: ['operator'] as const,
  membership: ['operator', 'membership'] as const,
  inbox: ['operator', 'inbox'] as const,
  company: ['operator', 'company'] as const,
  calls: ['operator', 'calls'] as const,
  callQueue: ['operator', 'calls', 'queue'] as const,
  callHistory: ['operator', 'calls', 'history'] as const,
  videos: ['operator', 'videos'] as const,
  recordings: ['operator', 'calls', 'recordings'] as const,
  ratings: ['operator', 'calls', 'ratings'] as const,
  team: ['operator', 'team'] as const,
  audit: ['operator', 'audit'] as const,
  dataRequests: ['operator', 'data-requests'] as const,
  retention: ['operator', 'retention'] as const,
  holds: ['operator', 'holds'] as const,
  availability: ['operator', 'availability'] as const,
  supervision: ['operator', 'supervision'] as const,
  callLinks: ['operator', 'calls', 'links'] as const,
};

/** 401 (session ended) and 403 (not a member) will not change on a retry. */
export function retryUnlessDenied(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403)) return false;
  return failureCount < 1;
}
