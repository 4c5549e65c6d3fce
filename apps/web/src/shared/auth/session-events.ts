/**
 * Tells interested components that the stored session token changed in this tab:
 * `session-token.ts` calls `notifySessionChange` on every set and clear.
 */
type Listener = () => void;

const listeners = new Set<Listener>();

export function notifySessionChange(): void {
  for (const listener of [...listeners]) listener();
}

export function subscribeToSessionChanges(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
