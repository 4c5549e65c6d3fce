import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

/** Data a page already shows before React (decision 019), for its query to start from. */
export type PrefilledQuery = { queryKey: QueryKey; data: unknown };

function createQueryClient(prefilled: readonly PrefilledQuery[]) {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
  for (const { queryKey, data } of prefilled) queryClient.setQueryData(queryKey, data);
  return queryClient;
}

export function AppProviders({
  children,
  prefilled = [],
}: {
  children: ReactNode;
  prefilled?: readonly PrefilledQuery[];
}) {
  const [queryClient] = useState(() => createQueryClient(prefilled));
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
