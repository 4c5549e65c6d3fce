import { useEffect, useRef, useState, type ComponentType } from 'react';
import type { ContactDrawer, ContactDrawerProps } from '../../features/widget/contact-drawer';
import styles from './drawer-launcher.module.css';

type DrawerModule = { ContactDrawer: typeof ContactDrawer };

let drawerModule: Promise<DrawerModule> | undefined;

/** The drawer's code (forms, recorder, zod schemas) loads on first use, never with the page. */
function loadDrawer(): Promise<DrawerModule> {
  drawerModule ??= import('../../features/widget/contact-drawer').catch((error: unknown) => {
    drawerModule = undefined;
    throw error;
  });
  return drawerModule;
}

function prefetchDrawer() {
  loadDrawer().catch(() => undefined);
}

/**
 * The floating "Contáctanos" button of every site page (spec §2). It is all the landing page
 * ships of the contact drawer; the drawer itself is fetched when the button is hovered, focused
 * or pressed, then stays mounted so what a person typed or recorded survives closing it.
 */
export function DrawerLauncher() {
  const [Drawer, setDrawer] = useState<ComponentType<ContactDrawerProps> | null>(null);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  // Focus goes back to the launcher when the drawer closes (after the launcher is shown again).
  useEffect(() => {
    if (open || !returnFocus.current) return;
    returnFocus.current = false;
    buttonRef.current?.focus({ preventScroll: true });
  }, [open]);

  async function openDrawer() {
    if (Drawer) {
      setOpen(true);
      return;
    }
    setLoading(true);
    try {
      const module = await loadDrawer();
      setDrawer(() => module.ContactDrawer);
      setOpen(true);
    } catch {
      // Offline or a new deployment: the button stays and a second press tries again.
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
      {Drawer && <Drawer open={open} onClose={closeDrawer} />}
    </>
  );
}
