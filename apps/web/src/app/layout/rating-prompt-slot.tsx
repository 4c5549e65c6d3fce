import { lazy, Suspense } from 'react';
import type { RatableCall } from '../../features/call/rating-prompt';
import { ChunkErrorBoundary } from '../../shared/new-version/new-version-notice';

const RatingPrompt = lazy(async () => ({
  default: (await import('../../features/call/rating-prompt')).RatingPrompt,
}));

/**
 * The rating asked after the citizen hung up an answered call (decision 044), composed here
 * because the call feature's card shows outside the call panel. Loaded only when there is one.
 */
export function RatingPromptSlot({ call, onDone }: { call: RatableCall | null; onDone: () => void }) {
  if (!call) return null;
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={null}>
        <RatingPrompt key={call.id} call={call} onDone={onDone} />
      </Suspense>
    </ChunkErrorBoundary>
  );
}
