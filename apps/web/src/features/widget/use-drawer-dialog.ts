import { useEffect, useEffectEvent, useLayoutEffect, type KeyboardEvent, type RefObject } from 'react';
import { DRAWER_WIDTH_PX } from '@seguridad/contracts/constants';

/** Scrolling less than this (a touch wobble, a browser bar hiding) does not close the drawer. */
const SCROLL_CLOSE_THRESHOLD_PX = 32;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), video[controls], [tabindex]:not([tabindex="-1"])';

function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest('[hidden]') && element.getClientRects().length > 0,
  );
}

/**
 * The drawer as a dialog: its widths, Escape and scrolling that close it, and, while a panel is
 * open outside the embedding frame, the modal focus trap. `onKeyDown` goes on the drawer element.
 */
export function useDrawerDialog({
  drawerRef,
  open,
  embedded,
  panelOpen,
  fullScreen,
  onClose,
}: {
  drawerRef: RefObject<HTMLDivElement | null>;
  open: boolean;
  embedded: boolean;
  panelOpen: boolean;
  fullScreen: boolean;
  onClose?: () => void;
}) {
  const requestClose = useEffectEvent(() => onClose?.());

  // The widths of spec §9, from the shared constants (CSS keeps the same numbers as fallbacks).
  useLayoutEffect(() => {
    const drawer = drawerRef.current;
    if (!drawer) return;
    drawer.style.setProperty('--drawer-width', `${DRAWER_WIDTH_PX.desktop}px`);
    drawer.style.setProperty('--drawer-width-mobile', `${DRAWER_WIDTH_PX.mobile}px`);
    drawer.style.setProperty('--drawer-width-expanded', `${DRAWER_WIDTH_PX.expanded}px`);
  }, [drawerRef]);

  // Escape closes, from anywhere on the page while the drawer is open; never in the middle of a call.
  useEffect(() => {
    if (!open || fullScreen) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) requestClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, fullScreen]);

  // Spec §2: scrolling the page closes the drawer, unless a panel is open.
  useEffect(() => {
    if (!open || embedded || panelOpen) return;
    const startY = window.scrollY;
    const onScroll = () => {
      if (Math.abs(window.scrollY - startY) > SCROLL_CLOSE_THRESHOLD_PX) requestClose();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [open, embedded, panelOpen]);

  // While a panel is open focus stays inside: whatever moves it out brings it back.
  const trapped = open && panelOpen && !embedded;
  useEffect(() => {
    if (!trapped) return;
    const onFocusIn = (event: FocusEvent) => {
      const drawer = drawerRef.current;
      if (drawer && event.target instanceof Node && !drawer.contains(event.target)) {
        (focusableIn(drawer)[0] ?? drawer).focus({ preventScroll: true });
      }
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [trapped, drawerRef]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const drawer = drawerRef.current;
    if (!trapped || event.key !== 'Tab' || !drawer) return;
    const focusable = focusableIn(drawer);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === drawer)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return { trapped, onKeyDown };
}
