/**
 * The session token of the one account system (login anywhere is login everywhere), kept in
 * local storage. Storage can be unavailable (private modes, embedded iframes): we then keep the
 * token in memory for the life of the page.
 */
import { notifySessionChange } from '../auth/session-events';

export const SESSION_TOKEN_STORAGE_KEY = 'session-token';
const STORAGE_KEY = SESSION_TOKEN_STORAGE_KEY;
let memoryToken: string | null = null;
/** Set when writing failed (e.g. quota or Safari's old private mode): memory is then the truth. */
let storageUnwritable = false;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function getSessionToken(): string | null {
  const store = storage();
  // When storage works it is the truth, so a logout in another tab is seen here too.
  if (!store || storageUnwritable) return memoryToken;
  try {
    return store.getItem(STORAGE_KEY);
  } catch {
    return memoryToken;
  }
}

export function setSessionToken(token: string): void {
  memoryToken = token;
  try {
    storage()?.setItem(STORAGE_KEY, token);
    storageUnwritable = false;
  } catch {
    // Memory copy above is enough for this page.
    storageUnwritable = true;
  }
  notifySessionChange();
}

export function clearSessionToken(): void {
  memoryToken = null;
  try {
    storage()?.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
  notifySessionChange();
}
