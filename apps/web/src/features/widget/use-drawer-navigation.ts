import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
import type { DrawerPanel, PanelRequest } from './drawer-panels';

/** Where focus goes after the next render: the drawer, the panel title, or the entry a panel came from. */
type FocusTarget = 'drawer' | 'panel' | DrawerPanel | null;

/**
 * Which panel the drawer shows, which panels were visited (they stay mounted, hidden, so going
 * back or closing keeps their work), whether a call has the whole viewport, and where focus goes
 * as the drawer moves between its list and its panels. The host hears of panel and full-screen
 * changes (an embedding frame changes its size on them).
 */
export function useDrawerNavigation({
  open,
  initialPanel,
  panelRequest,
  drawerRef,
  onClose,
  onPanelChange,
  onFullScreenChange,
}: {
  open: boolean;
  initialPanel?: DrawerPanel;
  panelRequest?: PanelRequest | null;
  drawerRef: RefObject<HTMLDivElement | null>;
  onClose?: () => void;
  onPanelChange?: (panel: DrawerPanel | null) => void;
  onFullScreenChange?: (fullScreen: boolean) => void;
}) {
  const [panel, setPanel] = useState<DrawerPanel | null>(initialPanel ?? null);
  const [visited, setVisited] = useState<ReadonlySet<DrawerPanel>>(
    () => new Set(initialPanel ? [initialPanel] : []),
  );
  const [fullScreen, setFullScreen] = useState(false);
  const panelTitleRef = useRef<HTMLHeadingElement>(null);
  const entryRefs = useRef(new Map<DrawerPanel, HTMLButtonElement>());
  const pendingFocus = useRef<FocusTarget>(initialPanel ? 'panel' : 'drawer');

  function openPanel(next: DrawerPanel) {
    setVisited((current) => (current.has(next) ? current : new Set([...current, next])));
    setPanel(next);
    pendingFocus.current = 'panel';
  }

  /** Back to the entries, focus on the entry of `from` (the panel shown, unless said otherwise). */
  function backToList(from: DrawerPanel | null = panel) {
    pendingFocus.current = from;
    setPanel(null);
  }

  /** A panel finished its job (a send): back to the entries, and the drawer closes (spec §4). */
  function finishPanel() {
    setPanel(null);
    setFullScreen(false);
    pendingFocus.current = null;
    if (open) onClose?.();
  }

  function registerEntry(entry: DrawerPanel, element: HTMLButtonElement | null) {
    if (element) entryRefs.current.set(entry, element);
    else entryRefs.current.delete(entry);
  }

  const panelChanged = useEffectEvent((current: DrawerPanel | null) => onPanelChange?.(current));
  useEffect(() => panelChanged(panel), [panel]);

  const fullScreenChanged = useEffectEvent((current: boolean) => onFullScreenChange?.(current));
  useEffect(() => fullScreenChanged(fullScreen), [fullScreen]);

  // Each time the drawer opens it shows the list (or the panel it was opened on the first time).
  const wasOpen = useRef(open);
  useEffect(() => {
    if (open && !wasOpen.current) pendingFocus.current = 'drawer';
    if (!open && wasOpen.current) setPanel(null);
    wasOpen.current = open;
  }, [open]);

  // After the open/close bookkeeping above, so a request that also opens the drawer wins.
  const showRequestedPanel = useEffectEvent((requested: DrawerPanel) => openPanel(requested));
  const requestId = panelRequest?.id;
  const requestedPanel = panelRequest?.panel;
  useEffect(() => {
    if (requestId !== undefined && requestedPanel) showRequestedPanel(requestedPanel);
  }, [requestId, requestedPanel]);

  useEffect(() => {
    const target = pendingFocus.current;
    if (!open || target === null) return;
    // A panel asked for in this commit renders in the next one: focus its title then.
    if (target === 'panel' && !panelTitleRef.current) return;
    pendingFocus.current = null;
    if (target === 'drawer') drawerRef.current?.focus({ preventScroll: true });
    else if (target === 'panel') panelTitleRef.current?.focus({ preventScroll: true });
    else (entryRefs.current.get(target) ?? drawerRef.current)?.focus({ preventScroll: true });
  });

  return {
    panel,
    visited,
    fullScreen,
    setFullScreen,
    openPanel,
    backToList,
    finishPanel,
    registerEntry,
    panelTitleRef,
  };
}
