/*
 * The drawer's panels as its host and the drawer see them: which panels exist, what each hosted call
 * panel is given, and the forms that load on intent.
 */
import { lazy } from 'react';
import type {
  PhoneCallPanelHost,
  SilentCallPanelHost,
  VideoCallPanelHost,
} from '../../shared/call/call-panel-hosts';

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

export type DrawerPanel = 'videoCall' | 'phoneCall' | 'silentCall' | 'videoMail' | 'contact' | 'callback';

/** The controls the drawer hands the call panels it hosts (shapes shared with the call feature). */
export type VideoCallPanelControls = VideoCallPanelHost;
export type PhoneCallPanelControls = PhoneCallPanelHost;
export type SilentCallPanelControls = SilentCallPanelHost;

/** Asks an open or closed drawer to show a panel; a new `id` asks again. */
export type PanelRequest = { panel: DrawerPanel; id: number };
