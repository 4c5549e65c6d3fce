import { useSyncExternalStore } from 'react';
import { getSessionToken, SESSION_TOKEN_STORAGE_KEY } from '../api/session-token';
import { subscribeToSessionChanges } from './session-events';

/** Changes in this tab, plus the `storage` event for other tabs (a logout there is a logout here). */
function subscribe(onChange: () => void): () => void {
  const unsubscribe = subscribeToSessionChanges(onChange);
  const onStorage = (event: StorageEvent) => {
    // `key` is null when another tab cleared the whole storage.
    if (event.key === null || event.key === SESSION_TOKEN_STORAGE_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    unsubscribe();
    window.removeEventListener('storage', onStorage);
  };
}

/** Prerendered HTML is built without a session, so the server snapshot is always logged out. */
function serverSnapshot(): null {
  return null;
}

/**
 * The stored session token, kept in step with logins and logouts. During hydration it reads null,
 * like the prerendered HTML, and switches to the stored value right after.
 */
export function useSessionToken(): string | null {
  return useSyncExternalStore(subscribe, getSessionToken, serverSnapshot);
}
