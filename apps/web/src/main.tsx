import { newVersionTexts } from '@seguridad/contracts/messages/new-version';
import { SESSION_TOKEN_STORAGE_KEY } from './shared/api/session-token';
import { recoverFromChunkError, reloadState } from './shared/new-version/reload-for-new-version';
import { revealAllOnScroll } from './shared/ui/reveal-on-scroll';
import { enhanceUntilIntent } from './app/prehydration';
import type { PrefilledQuery } from './app/providers';
import './shared/styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('missing #root');
const root = container;

/**
 * The app shell of a client-only route is empty until React renders it: when the app's code cannot
 * be loaded even after the one reload (decision 055), it says so rather than staying blank.
 */
function showNewVersionNotice() {
  if (root.firstElementChild) return;
  const notice = document.createElement('div');
  notice.setAttribute('role', 'alert');
  const title = document.createElement('p');
  title.textContent = `${newVersionTexts.title} ${newVersionTexts.body}`;
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = newVersionTexts.reload;
  button.addEventListener('click', () => window.location.reload());
  notice.append(title, button);
  root.append(notice);
}

const loadApp = () =>
  import('./app/boot').catch((error: unknown) => {
    // A page opened before a deploy: reloads once, or says so (decision 055).
    if (recoverFromChunkError(error) && reloadState.get() === 'failed') showNewVersionNotice();
    throw error;
  });

function signedIn(): boolean {
  try {
    return window.localStorage.getItem(SESSION_TOKEN_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

/*
 * Three ways in:
 * - the app shell of client-only routes has nothing to show, and a prerendered page was built for
 *   its address without a query (a redirect target, a link into the call, the payment's return):
 *   React renders it afresh at once, the prerendered HTML staying on screen until then;
 * - a prerendered page that only reads, or whose form keeps what is typed before React (login,
 *   sign-up), is marked by the build and stays plain HTML with a few enhancements until the visitor
 *   shows intent, unless it must do something at once: an address with a query
 *   (a link into the video call, the payment's return) or a signed-in visitor (the account menu);
 * - any other prerendered page is painted first, then hydrated (on a slow phone hydration takes a
 *   few hundred milliseconds that should not delay the first paint).
 * A page marked `data-prefill` (the draw's results) fills in its server data without React, and
 * React, whichever way it comes, renders it afresh from what the prefill already shows.
 */
const prefilling = root.dataset.prefill === 'results';
let takePrefilled: (() => PrefilledQuery[]) | undefined;
if (prefilling) {
  let handOver = (): PrefilledQuery[] => [];
  let reactStarted = false;
  import('./features/results/results-prefill')
    .then(({ prefillResults }) => {
      if (!reactStarted) handOver = prefillResults(root);
    })
    // Offline or a new deployment: the page shows its loading row, and React fetches the data.
    .catch(() => undefined);
  takePrefilled = () => {
    reactStarted = true;
    return handOver();
  };
}

if (!root.firstElementChild || window.location.search !== '') {
  void loadApp().then(({ startApp }) => startApp(root, { hydrate: false, takePrefilled }));
} else if (root.dataset.hydrate === 'intent' && window.location.search === '' && !signedIn()) {
  revealAllOnScroll(document);
  enhanceUntilIntent(root, async ({ beforeHydrate, afterCommit }) => {
    const { startApp } = await loadApp();
    await startApp(root, {
      hydrate: !prefilling,
      beforeRender: beforeHydrate,
      onCommitted: afterCommit,
      takePrefilled,
    });
  });
} else {
  revealAllOnScroll(document);
  void loadApp().then(({ startApp }) =>
    requestAnimationFrame(() => setTimeout(() => startApp(root, { hydrate: !prefilling, takePrefilled }), 0)),
  );
}
