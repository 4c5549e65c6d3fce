import { Suspense, useEffect, useEffectEvent, useId, useRef, useState, type ReactNode } from 'react';
import { DRAFT_IDS, keepDraftAcrossReload, takeDraft } from '../../shared/forms/reload-drafts';
import { ChunkErrorBoundary } from '../../shared/new-version/new-version-notice';
import { Alert } from '../../shared/ui/alert';
import { useServiceStatus } from './api/get-service-status';
import styles from './contact-drawer.module.css';
import type { DrawerEntry } from './drawer-entries';
import { DrawerList, DrawerPanelHeader } from './drawer-list';
import {
  CallbackPanel,
  ContactPanel,
  panelLoading,
  VideoMailPanel,
  type DrawerPanel,
  type PanelRequest,
  type PhoneCallPanelControls,
  type SilentCallPanelControls,
  type VideoCallPanelControls,
} from './drawer-panels';
import { useDrawerDialog } from './use-drawer-dialog';
import { useDrawerNavigation } from './use-drawer-navigation';
import { setQuickExitUrl } from '../../shared/quick-exit/quick-exit';
import { useEscapeTwiceToLeave } from '../../shared/quick-exit/use-escape-twice';

export type {
  DrawerPanel,
  PanelRequest,
  PhoneCallPanelControls,
  SilentCallPanelControls,
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
  /**
   * The silent-call panel (decision 060). Its entry appears when given and the call service is on
   * and within working hours.
   */
  renderSilentCallPanel?: (controls: SilentCallPanelControls) => ReactNode;
  /** The person followed an operator's private call link: the entry shows whatever the service says. */
  videoCallInvited?: boolean;
  /** Marks video mails as derived: the person came here because a video call failed (spec §4). */
  videoMailDerived?: boolean;
  /** Told when a panel opens or the list returns, e.g. so an embedding frame can change its width. */
  onPanelChange?: (panel: DrawerPanel | null) => void;
  /** Told when a call takes the whole viewport and when it gives it back. */
  onFullScreenChange?: (fullScreen: boolean) => void;
};

/** The drawer's draft across a reload: the panel it showed (its form keeps its own). */
type DrawerDraft = { panel: DrawerPanel };
const restorablePanels: readonly DrawerPanel[] = ['contact', 'videoMail', 'callback'];

/** The panel the drawer showed before a reload a new deployment forced, if it can show it again. */
function restoredPanel(): DrawerPanel | undefined {
  const draft = takeDraft<DrawerDraft>(DRAFT_IDS.drawer);
  return draft && restorablePanels.includes(draft.panel) ? draft.panel : undefined;
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
  renderSilentCallPanel,
  videoCallInvited = false,
  videoMailDerived = false,
  onPanelChange,
  onFullScreenChange,
}: ContactDrawerProps) {
  /** Why the video call could not start, shown above the video mail, which is then derived. */
  const [derivedReason, setDerivedReason] = useState<string | null>(null);
  /** What the person typed in a call that could not connect: it starts the video mail's message. */
  const [derivedMessage, setDerivedMessage] = useState<string | null>(null);
  /** Why the person is asked for a number instead of being in a call. */
  const [callbackReason, setCallbackReason] = useState<string | null>(null);
  const status = useServiceStatus(open);
  const ids = useId();
  const listTitleId = `${ids}-title`;
  const panelTitleId = `${ids}-panel-title`;
  const drawerRef = useRef<HTMLDivElement>(null);
  const [initialShown] = useState<DrawerPanel | undefined>(() => restoredPanel() ?? initialPanel);
  const {
    panel,
    visited,
    fullScreen,
    setFullScreen,
    openPanel,
    backToList,
    finishPanel,
    registerEntry,
    panelTitleRef,
  } = useDrawerNavigation({
    open,
    initialPanel: initialShown,
    panelRequest,
    drawerRef,
    onClose,
    onPanelChange,
    onFullScreenChange,
  });
  const readDraft = useEffectEvent((): DrawerDraft | null =>
    open && panel && restorablePanels.includes(panel) ? { panel } : null,
  );
  useEffect(() => keepDraftAcrossReload(DRAFT_IDS.drawer, readDraft), []);

  const { trapped, onKeyDown } = useDrawerDialog({
    drawerRef,
    open,
    embedded,
    panelOpen: panel !== null,
    fullScreen,
    onClose,
  });

  const services = status.data;
  const videoCallOffered =
    renderVideoCallPanel !== undefined &&
    (videoCallInvited || Boolean(services?.videoCall && services.working_hours));
  // Decision 018: the phone service is the call service (same operators, hours and switch).
  const liveCallOffered = Boolean(services?.videoCall && services.working_hours);
  const callBackOffered = Boolean(services?.callBack);
  const phoneCallOffered = renderPhoneCallPanel !== undefined && (liveCallOffered || callBackOffered);
  const silentCallOffered = renderSilentCallPanel !== undefined && liveCallOffered;
  const entries: DrawerEntry[] = [
    ...(videoCallOffered ? (['videoCall'] as const) : []),
    ...(phoneCallOffered ? (['phoneCall'] as const) : []),
    ...(silentCallOffered ? (['silentCall'] as const) : []),
    ...(services?.videoMail ? (['videoMail'] as const) : []),
    'contact',
  ];

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
      backToList('videoCall');
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

  const silentCallControls: SilentCallPanelControls = {
    active: open && panel === 'silentCall',
    openContactForm() {
      openPanel('contact');
    },
    finish: finishPanel,
  };

  // Salida rápida goes where the company said, once the service status told us (decision 060).
  const quickExitTarget = services?.quickExitUrl;
  useEffect(() => {
    if (quickExitTarget) setQuickExitUrl(quickExitTarget);
  }, [quickExitTarget]);
  useEscapeTwiceToLeave(open);

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
        <DrawerList
          ids={ids}
          titleId={listTitleId}
          entries={entries}
          hidden={panel !== null}
          checkingServices={status.isPending && open}
          registerEntry={registerEntry}
          onOpen={openPanel}
          onClose={onClose}
        />

        {panel && (
          <DrawerPanelHeader
            panel={panel}
            titleId={panelTitleId}
            titleRef={panelTitleRef}
            hidden={fullScreen}
            onBack={() => backToList()}
            onClose={onClose}
          />
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
        {visited.has('silentCall') && renderSilentCallPanel && (
          <div className={styles.panelBody} hidden={panel !== 'silentCall'}>
            <PanelOutlet render={renderSilentCallPanel} controls={silentCallControls} />
          </div>
        )}
        {visited.has('callback') && (
          <div className={styles.panelBody} hidden={panel !== 'callback'}>
            <ChunkErrorBoundary>
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
            </ChunkErrorBoundary>
          </div>
        )}
        {visited.has('videoMail') && (
          <div className={styles.panelBody} hidden={panel !== 'videoMail'}>
            {derivedReason && (
              <Alert tone="warning" className={styles.derivedReason}>
                {derivedReason}
              </Alert>
            )}
            <ChunkErrorBoundary>
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
            </ChunkErrorBoundary>
          </div>
        )}
        {visited.has('contact') && (
          <div className={styles.panelBody} hidden={panel !== 'contact'}>
            <ChunkErrorBoundary>
              <Suspense fallback={panelLoading}>
                <ContactPanel active={open && panel === 'contact'} onFinished={finishPanel} />
              </Suspense>
            </ChunkErrorBoundary>
          </div>
        )}
      </div>
    </>
  );
}
