import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

const HASH_WAIT_MS = 3_000;

/**
 * Set when React hydrates a prerendered page: the browser has already placed that first address
 * (its anchor, or where the visitor scrolled to while the app loaded), so the first render must
 * not scroll again. Doing so threw a visitor who had scrolled on back to the anchor or the top,
 * under their finger.
 */
let firstAddressPlacedByBrowser = false;

export function browserPlacedFirstAddress(): void {
  firstAddressPlacedByBrowser = true;
}

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** A plain left click on a link to an anchor of the page being shown. */
function inPageAnchorOf(event: MouseEvent): URL | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self')) return null;
  const url = new URL(link.href, window.location.href);
  const here = window.location;
  if (!url.hash || url.origin !== here.origin || url.pathname !== here.pathname) return null;
  if (url.search !== here.search) return null;
  return url;
}

/**
 * History-mode scrolling: a new page opens at the top at once (no animation from the old page's
 * offset); an address with an anchor scrolls to it once the lazily loaded page has rendered it.
 * Only a jump between anchors of the page being shown glides, and not under reduced motion.
 */
export function ScrollManager() {
  const { pathname, hash, key } = useLocation();
  const navigate = useNavigate();
  const shownPathname = useRef<string | null>(null);

  // Links to an anchor of this page go through the router, so the jump below can glide.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const url = inPageAnchorOf(event);
      if (!url) return;
      event.preventDefault();
      void navigate({ pathname: url.pathname, search: url.search, hash: url.hash });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);

  // Before paint, so the new page is never drawn at the old page's offset.
  useLayoutEffect(() => {
    const samePage = shownPathname.current === pathname;
    shownPathname.current = pathname;
    if (firstAddressPlacedByBrowser) {
      firstAddressPlacedByBrowser = false;
      return;
    }
    if (!hash) {
      if (!samePage) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
      return;
    }
    const behavior: ScrollBehavior = samePage && !prefersReducedMotion() ? 'smooth' : 'instant';
    const id = decodeURIComponent(hash.slice(1));
    const deadline = performance.now() + HASH_WAIT_MS;
    let frame = 0;
    const tryScroll = () => {
      const target = document.getElementById(id);
      if (target) {
        target.scrollIntoView({ behavior });
        if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
        target.focus({ preventScroll: true });
        return;
      }
      if (performance.now() < deadline) frame = requestAnimationFrame(tryScroll);
    };
    tryScroll();
    return () => cancelAnimationFrame(frame);
  }, [pathname, hash, key]);

  return null;
}
