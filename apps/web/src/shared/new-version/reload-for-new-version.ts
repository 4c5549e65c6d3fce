import { saveDraftsForReload } from '../forms/reload-drafts';

/*
 * A page opened before a deploy asks for its build's chunks. The server keeps them for a while
 * (decision 055); when one still cannot be loaded (removed since, a network blip), the page
 * reloads once, with what the person typed saved for the forms to take back, and if the reloaded
 * page fails again it says so in Spanish instead of going blank. `reloadState` is what the
 * notice shows.
 */

const RELOAD_MARK_KEY = 'seguridad:new-version-reload';
/** A reload within this long of the last one is not tried again: the notice is shown instead. */
export const RELOAD_GUARD_MS = 5 * 60_000;

type ReloadState = 'idle' | 'reloading' | 'failed';

/** The browser's reload, behind one object so tests can watch it (jsdom's `location` cannot be stubbed). */
export const browserPage = { reload: (): void => window.location.reload() };

let state: ReloadState = 'idle';
const listeners = new Set<() => void>();

function setState(next: ReloadState) {
  state = next;
  listeners.forEach((listener) => listener());
}

export const reloadState = {
  get: (): ReloadState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/**
 * A failed `import()` of a chunk: Chromium "Failed to fetch dynamically imported module", Firefox
 * "error loading dynamically imported module", Safari "Importing a module script failed", and
 * Vite's "Unable to preload CSS" for a chunk's stylesheet.
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically imported module/i.test(
    message,
  );
}

function lastReloadAt(): number | null {
  try {
    const value = Number(window.sessionStorage.getItem(RELOAD_MARK_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

function markReload(): boolean {
  try {
    window.sessionStorage.setItem(RELOAD_MARK_KEY, String(Date.now()));
    return true;
  } catch {
    // Without storage a reload could not be told from the next one: no reload at all.
    return false;
  }
}

/** Reloads the page, at most once in `RELOAD_GUARD_MS` per tab; after that, shows the notice. */
export function reloadForNewVersion(): void {
  if (state !== 'idle') return;
  const last = lastReloadAt();
  if ((last !== null && Date.now() - last < RELOAD_GUARD_MS) || !markReload()) {
    setState('failed');
    return;
  }
  setState('reloading');
  saveDraftsForReload();
  browserPage.reload();
}

/** For a caught failure: reloads when it is a chunk that did not load; true when it was one. */
export function recoverFromChunkError(error: unknown): boolean {
  if (!isChunkLoadError(error)) return false;
  reloadForNewVersion();
  return true;
}
