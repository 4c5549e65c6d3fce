import { Component, useSyncExternalStore, type ReactNode } from 'react';
import { newVersionTexts } from '@seguridad/contracts/messages/new-version';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { recoverFromChunkError, isChunkLoadError, reloadState } from './reload-for-new-version';
import styles from './new-version-notice.module.css';

function useReloadState() {
  return useSyncExternalStore(reloadState.subscribe, reloadState.get, () => 'idle' as const);
}

/** «Se publicó una nueva versión»: the page could not load a piece of itself even after reloading. */
function NewVersionMessage({ className }: { className?: string }) {
  return (
    <Alert tone="warning" title={newVersionTexts.title} className={className}>
      <p>{newVersionTexts.body}</p>
      {/* The person's own reload is not guarded: they asked for it. */}
      <Button onClick={() => window.location.reload()}>{newVersionTexts.reload}</Button>
    </Alert>
  );
}

/**
 * Shown over the page when a chunk failed outside any boundary (the drawer's button, a panel's
 * slot) and the reload was already tried.
 */
export function NewVersionNotice() {
  const state = useReloadState();
  if (state !== 'failed') return null;
  return <NewVersionMessage className={styles.floating} />;
}

function BoundaryFallback() {
  const state = useReloadState();
  if (state === 'failed') return <NewVersionMessage className={styles.inline} />;
  return <div className="page-loading" aria-busy="true" />;
}

/**
 * Around lazy parts (route pages, the drawer and its panels): a chunk that fails to load reloads
 * the page once (drafts kept) and, failing again, leaves the message in its place rather than a
 * blank page. Other errors go on to the boundary above.
 */
export class ChunkErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override componentDidCatch(error: unknown) {
    recoverFromChunkError(error);
  }
  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!isChunkLoadError(error)) throw error;
    return <BoundaryFallback />;
  }
}
