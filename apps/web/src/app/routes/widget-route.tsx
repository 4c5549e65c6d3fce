import { useCallback, useMemo, useState } from 'react';
import { WIDGET_QUERY } from '@seguridad/contracts/embed-bridge';
import {
  callLaunchDelayMs,
  callOriginOf,
  isPrivateInvitation,
  parseCallLaunch,
} from '../../features/call/call-launch';
import { useWidgetQuery, WidgetPage, type WidgetVideoCall } from '../../features/widget/widget-page';
import type { RatableCall } from '../../features/call/rating-prompt';
import { PhoneCallPanelSlot } from '../layout/phone-call-panel-slot';
import { RatingPromptSlot } from '../layout/rating-prompt-slot';
import { SilentCallPanelSlot } from '../layout/silent-call-panel-slot';
import { VideoCallPanelSlot } from '../layout/video-call-panel-slot';

/**
 * The `/widget` page that `widget.js` frames on other sites: the widget's drawer with the video
 * call in it. The loader forwards the host page's call links and the page the call starts from.
 */
export function WidgetRoute() {
  const params = useWidgetQuery();
  const launch = useMemo(() => parseCallLaunch(params), [params]);
  const [callToRate, setCallToRate] = useState<RatableCall | null>(null);
  const closeRating = useCallback(() => setCallToRate(null), []);
  const from = callOriginOf(params.get(WIDGET_QUERY.from) ?? params.get(WIDGET_QUERY.hostOrigin) ?? '');

  const videoCall: WidgetVideoCall = {
    openAfterMs: launch ? callLaunchDelayMs(launch) : null,
    invited: isPrivateInvitation(launch),
    renderPanel: (controls) => (
      // Terminar Llamada inside a frame goes back to the drawer's entries, not to our home page.
      <VideoCallPanelSlot
        host={controls}
        launch={launch}
        from={from}
        onHungUp={(answered) => {
          controls.backToList();
          setCallToRate(answered);
        }}
      />
    ),
  };
  return (
    <WidgetPage
      videoCall={videoCall}
      renderPhoneCallPanel={(controls) => <PhoneCallPanelSlot host={controls} from={from} />}
      renderSilentCallPanel={(controls) => <SilentCallPanelSlot host={controls} from={from} />}
    >
      <RatingPromptSlot call={callToRate} onDone={closeRating} />
    </WidgetPage>
  );
}
