import { DELAYS_MS } from '@seguridad/contracts/constants';
import { CALL_LAUNCH_QUERY, ROOM_NAME_PATTERN } from '@seguridad/contracts/embed-bridge';

/**
 * How a page link asks for the video call (spec §2), read from the site's URL or, in the widget,
 * from the host page's URL that the loader forwards:
 * - `autovideo`: open the Videollamada panel after a second, ready for Llamar;
 * - `ShareLink`: open it at once with the General speciality, ready for Llamar;
 * - `privatevideo=<room>`: open it and join that private room as soon as the camera works;
 *   a value that cannot be a room is refused without asking the server.
 * Only a private room starts a call without a press: that link is an operator's invitation.
 */
export type CallLaunch =
  | { kind: 'autovideo' }
  | { kind: 'shareLink' }
  | { kind: 'privateRoom'; room: string }
  | { kind: 'invalidPrivateRoom' };

/** `?autovideo=0` or `=false` is a switch turned off, not a request. */
function isSwitchedOn(value: string | null): boolean {
  if (value === null) return false;
  const normalized = value.trim().toLowerCase();
  return normalized !== '0' && normalized !== 'false' && normalized !== 'no';
}

/** The launch a query asks for; a private room wins over ShareLink, which wins over autovideo. */
export function parseCallLaunch(query: URLSearchParams): CallLaunch | null {
  const privateRoom = query.get(CALL_LAUNCH_QUERY.privateVideo);
  if (privateRoom !== null) {
    const room = privateRoom.trim();
    return ROOM_NAME_PATTERN.test(room) ? { kind: 'privateRoom', room } : { kind: 'invalidPrivateRoom' };
  }
  if (isSwitchedOn(query.get(CALL_LAUNCH_QUERY.shareLink))) return { kind: 'shareLink' };
  if (isSwitchedOn(query.get(CALL_LAUNCH_QUERY.autovideo))) return { kind: 'autovideo' };
  return null;
}

/** How long after the page opens the drawer shows the Videollamada panel (spec §9: autovideo 1 s). */
export function callLaunchDelayMs(launch: CallLaunch): number {
  return launch.kind === 'autovideo' ? DELAYS_MS.autovideoOpen : 0;
}

/** A private link is an invitation: its entry shows even when the public service is off or closed. */
export function isPrivateInvitation(launch: CallLaunch | null): boolean {
  return launch?.kind === 'privateRoom' || launch?.kind === 'invalidPrivateRoom';
}

/** A stable text for a launch, so a client-side navigation to another link launches again. */
export function callLaunchKey(launch: CallLaunch | null): string {
  if (!launch) return '';
  return launch.kind === 'privateRoom' ? `${launch.kind}:${launch.room}` : launch.kind;
}

/** The contract's cap on `from`. */
const FROM_MAX_LENGTH = 500;

/**
 * What `from` says about where a call starts: the page's origin and path. The query and the
 * fragment stay out: they may carry a private room or another site's tokens.
 */
export function callOriginOf(href: string): string {
  try {
    const url = new URL(href);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
    return `${url.origin}${url.pathname}`.slice(0, FROM_MAX_LENGTH);
  } catch {
    return '';
  }
}
