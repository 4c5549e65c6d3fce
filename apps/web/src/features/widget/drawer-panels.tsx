/*
 * The drawer's panels as its host and the drawer see them: which panels exist, what each hosted call
 * panel is given, and the forms that load on intent.
 */
import { lazy } from 'react';

/*
 * The panels' forms (react-hook-form, zod schemas, the recorder) load when a visitor points at or
 * picks their entry, not with the drawer: the drawer's list is all an embedding page waits for.
 */
const panelModules = {
  contact: () => import('./contact-panel'),
  videoMail: () => import('./video-mail-panel'),
  callback: () => import('./callback-panel'),
};
export const ContactPanel = lazy(async () => ({ default: (await panelModules.contact()).ContactPanel }));
export const VideoMailPanel = lazy(async () => ({
  default: (await panelModules.videoMail()).VideoMailPanel,
}));
export const CallbackPanel = lazy(async () => ({ default: (await panelModules.callback()).CallbackPanel }));

export function prefetchPanel(panel: DrawerPanel) {
  if (panel === 'contact' || panel === 'videoMail' || panel === 'callback') {
    panelModules[panel]().catch(() => undefined);
  }
}

export const panelLoading = <div className="page-loading" aria-busy="true" />;

export type DrawerPanel = 'videoCall' | 'phoneCall' | 'videoMail' | 'contact' | 'callback';

/**
 * What the drawer gives the video call panel it hosts. The panel belongs to the call feature and is
 * composed in by the app layer, so it only sees these controls.
 */
export type VideoCallPanelControls = {
  /** The panel is on screen: the drawer is open and shows it. */
  active: boolean;
  /** The call could not start: the video mail opens, derived, with this one sentence above it. */
  fallBackToVideoMail: (reason: string) => void;
  /** The call is over: back to the entries, and the drawer closes. */
  finish: () => void;
  /** Back to the entries, the drawer stays open. */
  backToList: () => void;
  /** During a call the drawer covers the whole viewport and cannot be closed from outside. */
  setFullScreen: (fullScreen: boolean) => void;
  /** Callbacks are on: the waiting caller may leave a number instead (opens 'Solicitar llamada'). */
  requestCallback?: () => void;
};

/** What the drawer gives the phone-call panel it hosts (decision 018). */
export type PhoneCallPanelControls = {
  active: boolean;
  /** The call service is on and open: Llamar can work. */
  liveCallOffered: boolean;
  /** `serviceStatus.callBack`: 'Solicitar llamada' is offered. */
  callBackOffered: boolean;
  /** Opens the callback form, with the reason the call could not be made (or null). */
  requestCallback: (reason: string | null) => void;
  finish: () => void;
};

/** Asks an open or closed drawer to show a panel; a new `id` asks again. */
export type PanelRequest = { panel: DrawerPanel; id: number };
