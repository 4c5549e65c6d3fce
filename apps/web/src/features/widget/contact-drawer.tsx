import {
  Suspense,
  useEffect,
  useEffectEvent,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { DRAWER_WIDTH_PX } from '@seguridad/contracts/constants';
import { Alert } from '../../shared/ui/alert';
import { useServiceStatus } from './api/get-service-status';
import styles from './contact-drawer.module.css';
import { CloseButton, EntryIcon, entryDescriptions, panelTitles, type DrawerEntry } from './drawer-entries';
import {
  CallbackPanel,
  ContactPanel,
  panelLoading,
  prefetchPanel,
  VideoMailPanel,
  type DrawerPanel,
  type PanelRequest,
  type PhoneCallPanelControls,
  type VideoCallPanelControls,
} from './drawer-panels';

export type {
  DrawerPanel,
  PanelRequest,
  PhoneCallPanelControls,
  VideoCallPanelControls,
} from './drawer-panels';

export type ContactDrawerProps = {
  /**
   * Whether the drawer is shown. The host keeps it mounted once loaded and toggles this, so what
   * a person typed or recorded survives closing and reopening. Defaults to shown.
   */
  open?: boolean;
  /** Inside the embeddable widget page: fills its frame, no fixed position, no scroll-to-close. */
  embedded?: boolean;
  /** The drawer asks its host to close (Escape, the close button, scrolling, after a send). */
  onClose?: () => void;
  initialPanel?: 'contact' | 'videoMail';
  /** Shows a panel on request (a link into the call, the host page's openVideoCall()). */
  panelRequest?: PanelRequest | null;
  /**
   * The video call panel. Its entry appears only when given and the service is on and within
   * working hours, or when `videoCallInvited`.
   */
  renderVideoCallPanel?: (controls: VideoCallPanelControls) => ReactNode;
  /**
   * The phone-call panel (spec §2). Its entry appears when given and callbacks or the call service
   * (on and within working hours) are on.
   */
  renderPhoneCallPanel?: (controls: PhoneCallPanelControls) => ReactNode;
  /** The person followed an operator's private call link: the entry shows whatever the service says. */
  videoCallInvited?: boolean;
  /** Marks video mails as derived: the person came here because a video call failed (spec §4). */
  videoMailDerived?: boolean;
  /** Told when a panel opens or the list returns, e.g. so an embedding frame can change its width. */
  onPanelChange?: (panel: DrawerPanel | null) => void;
  /** Told when a call takes the whole viewport and when it gives it back. */
  onFullScreenChange?: (fullScreen: boolean) => void;
};

const SCROLL_CLOSE_THRESHOLD_PX = 32;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), video[controls], [tabindex]:not([tabindex="-1"])';

function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest('[hidden]') && element.getClientRects().length > 0,
  );
}

function PanelOutlet<Controls>(props: { render: (controls: Controls) => ReactNode; controls: Controls }) {
  return props.render(props.controls);
}

/** Renders the hosted video call panel as a component of its own (its controls act on the drawer). */
function VideoCallPanelOutlet(props: {
  render: (controls: VideoCallPanelControls) => ReactNode;
  controls: VideoCallPanelControls;
}) {
  return props.render(props.controls);
}

/**
 * The floating contact drawer (spec §2): a side drawer listing the ways to reach the call centre,
 * each opening a wider panel with a back arrow. Non-modal while it shows the list (scrolling the
 * page closes it); modal, with focus kept inside, while a panel is open.
 */
export function ContactDrawer({
  open = true,
  embedded = false,
  onClose,
  initialPanel,
  panelRequest,
  renderVideoCallPanel,
  renderPhoneCallPanel,
  videoCallInvited = false,
  videoMailDerived = false,
  onPanelChange,
  onFullScreenChange,
}: ContactDrawerProps) {
  const [panel, setPanel] = useState<DrawerPanel | null>(initialPanel ?? null);
  // Panels stay mounted (hidden) once visited, so going back or closing keeps their work.
  const [visited, setVisited] = useState<ReadonlySet<DrawerPanel>>(
    () => new Set(initialPanel ? [initialPanel] : []),
  );
  /** Why the video call could not start, shown above the video mail, which is then derived. */
  const [derivedReason, setDerivedReason] = useState<string | null>(null);
  /** What the person typed in a call that could not connect: it starts the video mail's message. */
  const [derivedMessage, setDerivedMessage] = useState<string | null>(null);
  /** Why the person is asked for a number instead of being in a call. */
  const [callbackReason, setCallbackReason] = useState<string | null>(null);
  const [fullScreen, setFullScreen] = useState(false);
  const status = useServiceStatus(open);
  const ids = useId();
  const listTitleId = `${ids}-title`;
  const panelTitleId = `${ids}-panel-title`;
  const drawerRef = useRef<HTMLDivElement>(null);
  const panelTitleRef = useRef<HTMLHeadingElement>(null);
  const entryRefs = useRef(new Map<DrawerPanel, HTMLButtonElement>());
  /** Where focus goes after the next render: the panel title, or the entry a panel came from. */
  const pendingFocus = useRef<'drawer' | 'panel' | DrawerPanel | null>(initialPanel ? 'panel' : 'drawer');

  const services = status.data;
  const videoCallOffered =
    renderVideoCallPanel !== undefined &&
    (videoCallInvited || Boolean(services?.videoCall && services.working_hours));
  // Decision 018: the phone service is the call service (same operators, hours and switch).
  const liveCallOffered = Boolean(services?.videoCall && services.working_hours);
  const callBackOffered = Boolean(services?.callBack);
  const phoneCallOffered = renderPhoneCallPanel !== undefined && (liveCallOffered || callBackOffered);
  const entries: DrawerEntry[] = [
    ...(videoCallOffered ? (['videoCall'] as const) : []),
    ...(phoneCallOffered ? (['phoneCall'] as const) : []),
    ...(services?.videoMail ? (['videoMail'] as const) : []),
    'contact',
  ];

  const requestClose = useEffectEvent(() => onClose?.());

  function openPanel(next: DrawerPanel) {
    setVisited((current) => (current.has(next) ? current : new Set([...current, next])));
    setPanel(next);
    pendingFocus.current = 'panel';
  }

  function backToList() {
    pendingFocus.current = panel;
    setPanel(null);
  }

  /** A panel finished its job (a send): back to the entries, and the drawer closes (spec §4). */
  function finishPanel() {
    setPanel(null);
    setFullScreen(false);
    pendingFocus.current = null;
    if (open) onClose?.();
  }

  const videoCallControls: VideoCallPanelControls = {
    active: open && panel === 'videoCall',
    fallBackToVideoMail(reason, typed) {
      setDerivedReason(reason);
      setDerivedMessage(typed ?? null);
      setFullScreen(false);
      openPanel('videoMail');
    },
    openContactForm() {
      setFullScreen(false);
      openPanel('contact');
    },
    finish: finishPanel,
    backToList() {
      setFullScreen(false);
      pendingFocus.current = 'videoCall';
      setPanel(null);
    },
    setFullScreen,
    ...(callBackOffered
      ? {
          requestCallback() {
            setFullScreen(false);
            setCallbackReason(null);
            openPanel('callback');
          },
        }
      : {}),
  };

  const phoneCallControls: PhoneCallPanelControls = {
    active: open && panel === 'phoneCall',
    liveCallOffered,
    callBackOffered,
    requestCallback(reason) {
      setCallbackReason(reason);
      openPanel('callback');
    },
    finish: finishPanel,
  };

  // The widths of spec §9, from the shared constants (CSS keeps the same numbers as fallbacks).
  useLayoutEffect(() => {
    const drawer = drawerRef.current;
    if (!drawer) return;
    drawer.style.setProperty('--drawer-width', `${DRAWER_WIDTH_PX.desktop}px`);
    drawer.style.setProperty('--drawer-width-mobile', `${DRAWER_WIDTH_PX.mobile}px`);
    drawer.style.setProperty('--drawer-width-expanded', `${DRAWER_WIDTH_PX.expanded}px`);
  }, []);

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
    if (!open || embedded || panel) return;
    const startY = window.scrollY;
    const onScroll = () => {
      if (Math.abs(window.scrollY - startY) > SCROLL_CLOSE_THRESHOLD_PX) requestClose();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [open, embedded, panel]);

  // While a panel is open focus stays inside: whatever moves it out brings it back.
  const trapped = open && panel !== null && !embedded;
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
  }, [trapped]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!trapped || event.key !== 'Tab' || !drawerRef.current) return;
    const focusable = focusableIn(drawerRef.current);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === drawerRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  const drawerClasses = [
    styles.drawer,
    panel ? styles.expanded : '',
    embedded ? styles.embedded : '',
    fullScreen ? styles.fullScreen : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <>
      {trapped && <div className={styles.backdrop} aria-hidden="true" />}
      <div
        ref={drawerRef}
        role="dialog"
        aria-modal={trapped || undefined}
        aria-labelledby={panel ? panelTitleId : listTitleId}
        tabIndex={-1}
        hidden={!open}
        className={drawerClasses}
        onKeyDown={onKeyDown}
      >
        <div className={styles.list} hidden={panel !== null}>
          <div className={styles.header}>
            <h2 id={listTitleId} className={styles.title}>
              Contáctanos
            </h2>
            {onClose && <CloseButton onClick={onClose} />}
          </div>
          <p className={styles.lead}>Elige cómo quieres comunicarte con la central.</p>
          <ul className={styles.entries}>
            {entries.map((entry) => (
              <li key={entry}>
                <button
                  type="button"
                  className={styles.entry}
                  ref={(element) => {
                    if (element) entryRefs.current.set(entry, element);
                    else entryRefs.current.delete(entry);
                  }}
                  aria-describedby={`${ids}-${entry}-description`}
                  onPointerEnter={() => prefetchPanel(entry)}
                  onFocus={() => prefetchPanel(entry)}
                  onClick={() => openPanel(entry)}
                >
                  <EntryIcon panel={entry} />
                  <span className={styles.entryText}>
                    <span className={styles.entryTitle}>{panelTitles[entry]}</span>
                    <span id={`${ids}-${entry}-description`} className={styles.entryDescription}>
                      {entryDescriptions[entry]}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <p className={styles.statusLine} role="status">
            {status.isPending && open ? 'Consultando los servicios disponibles…' : ''}
          </p>
        </div>

        {panel && (
          <div className={styles.panelHeader} hidden={fullScreen}>
            <button type="button" className={styles.iconButton} onClick={backToList} aria-label="Volver">
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path fill="currentColor" d="M20 11H7.8l5.6-5.6L12 4l-8 8 8 8 1.4-1.4L7.8 13H20z" />
              </svg>
            </button>
            <h2 id={panelTitleId} ref={panelTitleRef} tabIndex={-1} className={styles.panelTitle}>
              {panelTitles[panel]}
            </h2>
            {onClose && <CloseButton onClick={onClose} />}
          </div>
        )}

        {visited.has('videoCall') && renderVideoCallPanel && (
          <div
            className={fullScreen ? styles.panelBodyFullScreen : styles.panelBody}
            hidden={panel !== 'videoCall'}
          >
            <VideoCallPanelOutlet render={renderVideoCallPanel} controls={videoCallControls} />
          </div>
        )}
        {visited.has('phoneCall') && renderPhoneCallPanel && (
          <div className={styles.panelBody} hidden={panel !== 'phoneCall'}>
            <PanelOutlet render={renderPhoneCallPanel} controls={phoneCallControls} />
          </div>
        )}
        {visited.has('callback') && (
          <div className={styles.panelBody} hidden={panel !== 'callback'}>
            <Suspense fallback={panelLoading}>
              <CallbackPanel
                active={open && panel === 'callback'}
                reason={callbackReason}
                onFinished={() => {
                  setCallbackReason(null);
                  finishPanel();
                }}
              />
            </Suspense>
          </div>
        )}
        {visited.has('videoMail') && (
          <div className={styles.panelBody} hidden={panel !== 'videoMail'}>
            {derivedReason && (
              <Alert tone="warning" className={styles.derivedReason}>
                {derivedReason}
              </Alert>
            )}
            <Suspense fallback={panelLoading}>
              <VideoMailPanel
                active={open && panel === 'videoMail'}
                derived={videoMailDerived || derivedReason !== null}
                initialMessage={derivedMessage}
                onRequestCallback={
                  callBackOffered
                    ? () => {
                        setCallbackReason(null);
                        openPanel('callback');
                      }
                    : undefined
                }
                onOpenContactForm={() => openPanel('contact')}
                onFinished={() => {
                  setDerivedReason(null);
                  setDerivedMessage(null);
                  finishPanel();
                }}
              />
            </Suspense>
          </div>
        )}
        {visited.has('contact') && (
          <div className={styles.panelBody} hidden={panel !== 'contact'}>
            <Suspense fallback={panelLoading}>
              <ContactPanel active={open && panel === 'contact'} onFinished={finishPanel} />
            </Suspense>
          </div>
        )}
      </div>
    </>
  );
}
