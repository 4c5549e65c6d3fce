import { useCallback, useSyncExternalStore } from 'react';
import type { CallSession, CallSessionSnapshot } from './call-session';

function subscribeToNothing(): () => void {
  return () => undefined;
}

/** The session's current snapshot, re-rendering on every change; null without a session. */
export function useCallSession(session: CallSession | null): CallSessionSnapshot | null {
  const subscribe = useCallback(
    (listener: () => void) => (session ? session.subscribe(listener) : subscribeToNothing()),
    [session],
  );
  const getSnapshot = useCallback(() => (session ? session.getSnapshot() : null), [session]);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
