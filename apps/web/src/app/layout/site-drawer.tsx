import { useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { webPaths } from '@seguridad/contracts/web-paths';
import {
  callLaunchDelayMs,
  callLaunchKey,
  isPrivateInvitation,
  parseCallLaunch,
} from '../../features/call/call-launch';
import {
  ContactDrawer,
  type ContactDrawerProps,
  type PanelRequest,
} from '../../features/widget/contact-drawer';
import type { RatableCall } from '../../features/call/rating-prompt';
import { PhoneCallPanelSlot } from './phone-call-panel-slot';
import { RatingPromptSlot } from './rating-prompt-slot';
import { SilentCallPanelSlot } from './silent-call-panel-slot';
import { VideoCallPanelSlot } from './video-call-panel-slot';

export type SiteDrawerProps = Omit<
  ContactDrawerProps,
  | 'renderVideoCallPanel'
  | 'renderPhoneCallPanel'
  | 'renderSilentCallPanel'
  | 'videoCallInvited'
  | 'panelRequest'
  | 'embedded'
> & {
  /** The page's query: a link into the call (autovideo, ShareLink, privatevideo) opens the panel. */
  search: string;
  /** The drawer asks the launcher to show it (a link into the call). */
  onRequestOpen: () => void;
};

/**
 * The contact drawer of our own site with the video call in it. Loaded with the drawer on first
 * intent, or at once when the page's address is a link into the call.
 */
export function SiteDrawer({ search, onRequestOpen, ...drawerProps }: SiteDrawerProps) {
  const navigate = useNavigate();
  const launch = useMemo(() => parseCallLaunch(new URLSearchParams(search)), [search]);
  const [panelRequest, setPanelRequest] = useState<PanelRequest | null>(null);
  const [callToRate, setCallToRate] = useState<RatableCall | null>(null);
  const closeRating = useCallback(() => setCallToRate(null), []);

  const showVideoCall = useEffectEvent(() => {
    onRequestOpen();
    setPanelRequest((previous) => ({ panel: 'videoCall', id: (previous?.id ?? 0) + 1 }));
  });
  const launchKey = callLaunchKey(launch);
  const launchDelay = launch ? callLaunchDelayMs(launch) : null;
  useEffect(() => {
    if (launchDelay === null) return;
    const timer = setTimeout(showVideoCall, launchDelay);
    return () => clearTimeout(timer);
  }, [launchKey, launchDelay]);

  return (
    <>
      <ContactDrawer
        {...drawerProps}
        panelRequest={panelRequest}
        videoCallInvited={isPrivateInvitation(launch)}
        renderPhoneCallPanel={(controls) => <PhoneCallPanelSlot host={controls} />}
        renderSilentCallPanel={(controls) => <SilentCallPanelSlot host={controls} />}
        renderVideoCallPanel={(controls) => (
          <VideoCallPanelSlot
            host={controls}
            launch={launch}
            onHungUp={(answered) => {
              // Spec §4: Terminar Llamada returns to Home, with the drawer closed.
              controls.finish();
              void navigate(webPaths.home);
              setCallToRate(answered);
            }}
          />
        )}
      />
      <RatingPromptSlot call={callToRate} onDone={closeRating} />
    </>
  );
}
