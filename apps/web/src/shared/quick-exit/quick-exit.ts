import { QUICK_EXIT } from '@seguridad/contracts/constants';

/**
 * Salida rápida (decision 060): one press (or Esc twice) and the tab shows a neutral site the
 * company chose, with nothing of ours left in it. The page blanks at once, every live call ends
 * quietly for the operator («el ciudadano salió rápido»), this origin's session storage (drafts)
 * is cleared and the address is *replaced*, so Back does not come back to the call.
 *
 * Module state, not React state: the exit must work from any panel, before the company's address
 * has loaded (then the product's default) and inside the embedding frame, where the host page is
 * the one replaced.
 */
/** Ends one live call quietly (a beacon): the call engine registers it, so this module stays light. */
type EndLiveCall = () => void;

let exitUrl: string = QUICK_EXIT.defaultUrl;
let replaceTopPage: ((url: string) => void) | null = null;
const liveCalls = new Set<EndLiveCall>();

/** The company's address (service status), once it is known. */
export function setQuickExitUrl(url: string): void {
  exitUrl = url || QUICK_EXIT.defaultUrl;
}

export function quickExitUrl(): string {
  return exitUrl;
}

/** Inside the embedding frame the host page must go, not just the frame: its loader does it. */
export function setTopPageReplacer(replace: ((url: string) => void) | null): void {
  replaceTopPage = replace;
}

/**
 * A call the exit must end, by `end`; the returned function forgets it (the call ended by itself).
 * The widget's first load must not carry the call engine, so the engine brings its own ending.
 */
export function holdLiveCall(end: EndLiveCall): () => void {
  liveCalls.add(end);
  return () => liveCalls.delete(end);
}

let leaving = false;

export function leaveQuickly(): void {
  if (leaving) return;
  leaving = true;
  performance.mark('quick-exit:pressed');
  const url = exitUrl;
  // Nothing of the page stays on screen while the next one loads.
  document.documentElement.style.visibility = 'hidden';
  document.title = '';
  for (const end of liveCalls) end();
  liveCalls.clear();
  try {
    window.sessionStorage.clear();
  } catch {
    // Storage refused (private mode): there is nothing in it either.
  }
  if (replaceTopPage) replaceTopPage(url);
  else window.location.replace(url);
}

/**
 * Esc twice in a row within QUICK_EXIT.escapeWindowMs leaves. `armed` says whether the first press
 * counts (the widget is open); the second counts wherever focus is, since the first may have closed
 * it. Any other key or a pointer press in between starts over, so a person who closes the drawer
 * with Esc, reopens it and closes it again is not thrown out. Returns the listener to attach to the
 * document for `keydown` and `pointerdown`, in the capture phase.
 */
export function escapeTwiceListener(
  armed: () => boolean,
  { now = () => performance.now(), leave = leaveQuickly }: { now?: () => number; leave?: () => void } = {},
) {
  let firstAt: number | null = null;
  return (event: KeyboardEvent | PointerEvent) => {
    if (!(event instanceof KeyboardEvent) || event.key !== 'Escape') {
      firstAt = null;
      return;
    }
    if (event.repeat) return;
    const at = now();
    if (firstAt !== null && at - firstAt <= QUICK_EXIT.escapeWindowMs) {
      firstAt = null;
      event.preventDefault();
      leave();
      return;
    }
    firstAt = armed() ? at : null;
  };
}
