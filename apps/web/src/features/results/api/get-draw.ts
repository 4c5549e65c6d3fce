import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicDrawResponse } from '@seguridad/contracts/http/promo';
import { apiRequest } from '../../../shared/api/api-client';
import { drawProofRead } from './public-draw-reads';

/** The draw's public record: commitment, list hash, date, and the seed once drawn. */
export function getDrawProof(): Promise<PublicDrawResponse> {
  return apiRequest<PublicDrawResponse>(drawProofRead.path);
}

export const drawProofQueryOptions = queryOptions({
  queryKey: drawProofRead.queryKey,
  queryFn: getDrawProof,
});

export function useDrawProof() {
  return useQuery(drawProofQueryOptions);
}
