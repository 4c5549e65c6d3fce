import { startTransition, StrictMode, useEffect, useRef } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { handOverTypedFields } from '../shared/forms/typed-before-react';
import { NewVersionNotice } from '../shared/new-version/new-version-notice';
import { AppRoutes, preloadPageOf } from './app-routes';
import { browserPlacedFirstAddress } from './layout/scroll-manager';
import { AppProviders, type PrefilledQuery } from './providers';

/** Calls back once, after React committed the tree before it (effects run in tree order). */
function WhenCommitted({ onCommitted }: { onCommitted: () => void }) {
  const called = useRef(false);
  useEffect(() => {
    if (called.current) return;
    called.current = true;
    onCommitted();
  }, [onCommitted]);
  return null;
}

/**
 * The React app: hydrates a prerendered page or renders a client-only route into the empty shell.
 * Loaded by `main.tsx` at once or, on pages that only read, on the visitor's first intent.
 * `takePrefilled`, called right before the first render, hands over what the page filled in
 * without React (the draw's results): its queries start from it, and the page is rendered afresh.
 */
export async function startApp(
  container: HTMLElement,
  {
    hydrate,
    beforeRender,
    onCommitted,
    takePrefilled,
  }: {
    hydrate: boolean;
    beforeRender?: () => void;
    onCommitted?: () => void;
    takePrefilled?: () => readonly PrefilledQuery[];
  },
): Promise<void> {
  // Rendering from scratch, the first render shows the page itself, not a placeholder the page
  // then pushes down. Hydrating needs no wait: React keeps the prerendered HTML until it loads.
  if (!hydrate) await preloadPageOf(window.location.pathname).catch(() => undefined);
  const app = (
    <StrictMode>
      <AppProviders prefilled={takePrefilled?.()}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <NewVersionNotice />
      </AppProviders>
      {onCommitted && <WhenCommitted onCommitted={onCommitted} />}
    </StrictMode>
  );
  // As a transition, React renders in slices and yields to the browser between them: no long task
  // blocks a tap while a slow phone hydrates or renders the page.
  beforeRender?.();
  // Rendering afresh over a prerendered form (an address with a query), what was typed into it moves
  // into the new fields.
  if (!hydrate) handOverTypedFields(container);
  if (hydrate) browserPlacedFirstAddress();
  startTransition(() => {
    if (hydrate) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}
