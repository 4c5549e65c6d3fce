/**
 * The session token of the one account system (login anywhere is login everywhere), kept in
 * local storage. Storage can be unavailable (private modes, embedded iframes): we then keep the
 * token in memory for the life of the page.
 */
const STORAGE_KEY = 'session-token';
let memoryToken: string | null = null;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function getSessionToken(): string | null {
  try {
    return storage()?.getItem(STORAGE_KEY) ?? memoryToken;
  } catch {
    return memoryToken;
  }
}

export function setSessionToken(token: string): void {
  memoryToken = token;
  try {
    storage()?.setItem(STORAGE_KEY, token);
  } catch {
    // Memory copy above is enough for this page.
  }
}

export function clearSessionToken(): void {
  memoryToken = null;
  try {
    storage()?.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}
