import { queryOptions, useQuery } from '@tanstack/react-query';
import { ratingsApi, type RatingListResponse } from '@seguridad/contracts/http/ratings';
import { apiRequest } from '../../../shared/api/api-client';
import { operatorQueryKeys, retryUnlessDenied } from './operator-query-keys';

/** Ratings arrive after calls end, from citizens: refreshed like the history, now and then. */
const RATINGS_REFRESH_MS = 60 * 1000;

/** The ratings the signed-in person may see: their own calls', or the company's (decision 044). */
export function getRatings(): Promise<RatingListResponse> {
  return apiRequest(ratingsApi.list.request(), { auth: true });
}

export function useRatings(enabled = true) {
  return useQuery({
    ...queryOptions({
      queryKey: operatorQueryKeys.ratings,
      queryFn: getRatings,
      staleTime: RATINGS_REFRESH_MS / 2,
      refetchInterval: RATINGS_REFRESH_MS,
      refetchOnMount: 'always',
      retry: retryUnlessDenied,
    }),
    enabled,
  });
}
