import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import { CALL_LAUNCH_QUERY } from '@seguridad/contracts/embed-bridge';
import { DRAFT_IDS, hasDraftFor } from '../../shared/forms/reload-drafts';
import { ChunkErrorBoundary } from '../../shared/new-version/new-version-notice';
import { recoverFromChunkError } from '../../shared/new-version/reload-for-new-version';
import type { SiteDrawer, SiteDrawerProps } from './site-drawer';
import styles from './drawer-launcher.module.css';

type DrawerModule = { SiteDrawer: typeof SiteDrawer };

let drawerModule: Promise<DrawerModule> | undefined;

/** The drawer's code (forms, recorder, zod schemas) loads on first use, never with the page. */
function loadDrawer(): Promise<DrawerModule> {
  drawerModule ??= import('./site-drawer').catch((error: unknown) => {
    drawerModule = undefined;
    throw error;
  });
  return drawerModule;
}

function prefetchDrawer() {
  loadDrawer().catch(() => undefined);
}

/** Whether the address is a link into the video call; the drawer module reads which one. */
function asksForVideoCall(search: string): boolean {
  const query = new URLSearchParams(search);
  return Object.values(CALL_LAUNCH_QUERY).some((name) => query.has(name));
}

/**
 * The floating "Contáctanos" button of every site page (spec §2). It is all the landing page
 * ships of the contact drawer; the drawer itself is fetched when the button is hovered, focused
 * or pressed (or at once for a link into the video call), then stays mounted so what a person
 * typed or recorded survives closing it.
 */
export function DrawerLauncher() {
  const [Drawer, setDrawer] = useState<ComponentType<SiteDrawerProps> | null>(null);
  const [open, setOpen] = useState(false);
  // After a reload a new deployment forced with the drawer open, it opens again where it was.
  const [reopen] = useState(() => hasDraftFor(DRAFT_IDS.drawer));
  const [loading, setLoading] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const { search } = useLocation();
  const videoCallLink = asksForVideoCall(search);

  // Focus goes back to the launcher when the drawer closes (after the launcher is shown again).
  useEffect(() => {
    if (open || !returnFocus.current) return;
    returnFocus.current = false;
    buttonRef.current?.focus({ preventScroll: true });
  }, [open]);

  // A link into the call mounts the drawer, which opens itself on the Videollamada panel.
  useEffect(() => {
    if (!(videoCallLink || reopen) || Drawer) return;
    let cancelled = false;
    loadDrawer()
      .then((module) => {
        if (cancelled) return;
        setDrawer(() => module.SiteDrawer);
        if (reopen) setOpen(true);
      })
      .catch(recoverFromChunkError);
    return () => {
      cancelled = true;
    };
  }, [videoCallLink, reopen, Drawer]);

  async function openDrawer() {
    if (Drawer) {
      setOpen(true);
      return;
    }
    setLoading(true);
    try {
      const module = await loadDrawer();
      setDrawer(() => module.SiteDrawer);
      setOpen(true);
    } catch (error) {
      // A new deployment: the page reloads once, what was typed kept (decision 055). Offline: the
      // button stays and a second press tries again.
      recoverFromChunkError(error);
    } finally {
      setLoading(false);
    }
  }

  function closeDrawer() {
    returnFocus.current = true;
    setOpen(false);
  }

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={styles.launcher}
        data-contact-launcher=""
        hidden={open}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-busy={loading || undefined}
        onClick={() => void openDrawer()}
        onPointerEnter={prefetchDrawer}
        onFocus={prefetchDrawer}
      >
        {loading ? (
          <span className={styles.spinner} aria-hidden="true" />
        ) : (
          <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H8.4L4.7 21.3A1 1 0 0 1 3 20.6V5a2 2 0 0 1 1-2zm3 6a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm5 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm5 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3z"
            />
          </svg>
        )}
        <span>Contáctanos</span>
      </button>
      {Drawer && (
        <ChunkErrorBoundary>
          <Drawer open={open} onClose={closeDrawer} search={search} onRequestOpen={() => setOpen(true)} />
        </ChunkErrorBoundary>
      )}
    </>
  );
}
