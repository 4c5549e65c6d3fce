import { useEffect, useState, type ComponentType } from 'react';
import { recoverFromChunkError } from '../../shared/new-version/reload-for-new-version';

/** A panel whose code downloads on first use and is kept for every later use. */
export type LazyPanel<Props> = {
  load(): Promise<ComponentType<Props>>;
  loaded(): ComponentType<Props> | null;
};

export function lazyPanel<Props>(importer: () => Promise<ComponentType<Props>>): LazyPanel<Props> {
  let component: ComponentType<Props> | null = null;
  return {
    async load() {
      component ??= await importer();
      return component;
    },
    loaded: () => component,
  };
}

/**
 * Loads a drawer slot's panel: the component once it is there, whether the download failed (offline,
 * a new deployment), and a retry, so a slot can offer another try instead of taking the page down.
 */
export function useLazyPanel<Props>(panel: LazyPanel<Props>) {
  const [Panel, setPanel] = useState<ComponentType<Props> | null>(() => panel.loaded());
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (Panel) return;
    let cancelled = false;
    panel
      .load()
      .then((component) => {
        if (!cancelled) setPanel(() => component);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        setFailed(true);
        // A new deployment: reloads once (decision 055); offline, the slot offers another try.
        recoverFromChunkError(error);
      });
    return () => {
      cancelled = true;
    };
  }, [panel, Panel, attempt]);

  const retry = () => {
    setFailed(false);
    setAttempt((count) => count + 1);
  };
  return { Panel, failed, retry };
}
