import { widgetTexts } from '@seguridad/contracts/messages';
import { lazy, Suspense, useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import {
  WIDGET_MESSAGE_SOURCE,
  WIDGET_QUERY,
  isHostToWidgetMessage,
  type HostToWidgetMessage,
  type WidgetToHostMessage,
} from '@seguridad/contracts/embed-bridge';
import { DRAWER_WIDTH_PX } from '@seguridad/contracts/constants';
import { CompanyKeyProvider } from '../../shared/api/company-key';
import { ChunkErrorBoundary } from '../../shared/new-version/new-version-notice';
import type {
  DrawerPanel,
  PanelRequest,
  PhoneCallPanelControls,
  SilentCallPanelControls,
  VideoCallPanelControls,
} from './contact-drawer';
import { setTopPageReplacer } from '../../shared/quick-exit/quick-exit';
import styles from './widget-page.module.css';

/** The video call inside the widget, composed in by the app layer (features do not import each other). */
export type WidgetVideoCall = {
  renderPanel: (controls: VideoCallPanelControls) => ReactNode;
  /** A link into the call (forwarded from the host page) opens the panel after this delay; null: none. */
  openAfterMs: number | null;
  /** A private call link: the Videollamada entry shows even when the public service is off. */
  invited: boolean;
};

type WidgetPageProps = {
  videoCall?: WidgetVideoCall;
  /** The phone-call panel, composed in by the app layer like the video call. */
  renderPhoneCallPanel?: (controls: PhoneCallPanelControls) => ReactNode;
  /** The silent-call panel (decision 060), composed in the same way. */
  renderSilentCallPanel?: (controls: SilentCallPanelControls) => ReactNode;
  /**
   * What the app layer shows beside the drawer (the rating prompt). It renders inside the host
   * page's company, so what it sends carries that site's key, not the build's.
   */
  children?: ReactNode;
};

/**
 * The drawer's code loads when the host page first opens it (or a link into the call does): the
 * frame tells the host it is ready without it, so an embedding page that is never used costs
 * its visitors only the frame.
 */
const ContactDrawer = lazy(async () => ({ default: (await import('./contact-drawer')).ContactDrawer }));

/**
 * The frame's address query (company key, host origin, forwarded call links). The frame never
 * navigates, so it is read once; no router is needed for it.
 */
export function useWidgetQuery(): URLSearchParams {
  const [query] = useState(
    () => new URLSearchParams(typeof window === 'undefined' ? '' : window.location.search),
  );
  return query;
}

/** An origin from the query, or undefined when it is not one (never a wildcard). */
function originFrom(value: string | null): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.origin === value ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The drawer inside the iframe that `widget.js` puts on other sites. It tells the host page when
 * it is ready and how big to make the frame (the whole viewport during a call), and obeys
 * open/close/openVideoCall from that page only.
 */
export function WidgetPage({
  videoCall,
  renderPhoneCallPanel,
  renderSilentCallPanel,
  children,
}: WidgetPageProps) {
  const params = useWidgetQuery();
  const companyKey = params.get(WIDGET_QUERY.companyKey)?.trim() ?? '';
  const hostOrigin = originFrom(params.get(WIDGET_QUERY.hostOrigin));
  const framed = typeof window !== 'undefined' && window.parent !== window;

  // Opened directly (not framed), the page is a usable contact form on its own.
  const [open, setOpen] = useState(!framed);
  const [panel, setPanel] = useState<DrawerPanel | null>(null);
  const [fullScreen, setFullScreen] = useState(false);
  const [panelRequest, setPanelRequest] = useState<PanelRequest | null>(null);
  // Once wanted, the drawer stays mounted (what a person typed or recorded survives closing it).
  const [drawerWanted, setDrawerWanted] = useState(open);
  if ((open || panelRequest) && !drawerWanted) setDrawerWanted(true);

  const openVideoCallPanel = useEffectEvent(() => {
    setOpen(true);
    if (videoCall) setPanelRequest((previous) => ({ panel: 'videoCall', id: (previous?.id ?? 0) + 1 }));
  });

  const obey = useEffectEvent((message: HostToWidgetMessage) => {
    if (message.type === 'openVideoCall') openVideoCallPanel();
    else if (message.type === 'open') setOpen(true);
    // A call in progress is ended with its own button, not hidden away by the host page.
    else if (!fullScreen) setOpen(false);
  });

  useEffect(() => {
    if (!framed || !hostOrigin) return;
    const post = (message: WidgetToHostMessage) => window.parent.postMessage(message, hostOrigin);
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window.parent || event.origin !== hostOrigin) return;
      if (isHostToWidgetMessage(event.data)) obey(event.data);
    };
    window.addEventListener('message', onMessage);
    post({ source: WIDGET_MESSAGE_SOURCE, type: 'ready' });
    // Salida rápida replaces the host page, not only this frame (decision 060).
    setTopPageReplacer((url) => post({ source: WIDGET_MESSAGE_SOURCE, type: 'quickExit', url }));
    return () => {
      window.removeEventListener('message', onMessage);
      setTopPageReplacer(null);
    };
  }, [framed, hostOrigin]);

  // A link into the call on the host page (autovideo, ShareLink, privatevideo) opens the panel once.
  const openAfterMs = videoCall?.openAfterMs ?? null;
  useEffect(() => {
    if (openAfterMs === null || !companyKey) return;
    const timer = setTimeout(openVideoCallPanel, openAfterMs);
    return () => clearTimeout(timer);
  }, [openAfterMs, companyKey]);

  useEffect(() => {
    if (!framed || !hostOrigin) return;
    const width = !open ? 0 : panel ? DRAWER_WIDTH_PX.expanded : DRAWER_WIDTH_PX.desktop;
    let message: WidgetToHostMessage = { source: WIDGET_MESSAGE_SOURCE, type: 'closed' };
    if (open) message = { source: WIDGET_MESSAGE_SOURCE, type: 'layout', width, fullscreen: fullScreen };
    window.parent.postMessage(message, hostOrigin);
  }, [framed, hostOrigin, open, panel, fullScreen]);

  if (!companyKey) {
    return (
      <p className={styles.problem} role="alert">
        {widgetTexts.missingCompanyKey}
      </p>
    );
  }
  // Everything inside, the panels the app layer composes in too, asks on behalf of the company
  // of the host page's script tag.
  return (
    <CompanyKeyProvider companyKey={companyKey}>
      <div className={styles.frame}>
        {drawerWanted && (
          <ChunkErrorBoundary>
            <Suspense fallback={null}>
              <ContactDrawer
                embedded
                open={open}
                onClose={() => setOpen(false)}
                onPanelChange={setPanel}
                onFullScreenChange={setFullScreen}
                panelRequest={panelRequest}
                renderVideoCallPanel={videoCall?.renderPanel}
                renderPhoneCallPanel={renderPhoneCallPanel}
                renderSilentCallPanel={renderSilentCallPanel}
                videoCallInvited={videoCall?.invited}
              />
            </Suspense>
          </ChunkErrorBoundary>
        )}
      </div>
      {children}
    </CompanyKeyProvider>
  );
}
