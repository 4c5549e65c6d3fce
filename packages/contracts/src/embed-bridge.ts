/**
 * The postMessage protocol between the embed loader (`widget.js`, on the host page) and the
 * widget iframe (our `/widget` route). No zod here: the loader must stay a few kilobytes. Every
 * message carries `source`, and each side checks the sender's origin before reading it.
 */
export const WIDGET_MESSAGE_SOURCE = 'seguridad-widget';
export const HOST_MESSAGE_SOURCE = 'seguridad-host';
/** Dispatched on the host page's window once `window.SeguridadWidget` can be called. */
export const HOST_READY_EVENT = 'seguridad-widget:ready';

/** From the iframe to the host page. */
export type WidgetToHostMessage =
  | { source: typeof WIDGET_MESSAGE_SOURCE; type: 'ready' }
  /**
   * How wide the iframe must be: 0 closed, the drawer's width, or a panel's width. `fullscreen`
   * (during a video call) asks for the whole viewport; `width` then only says what to fall back to.
   */
  | { source: typeof WIDGET_MESSAGE_SOURCE; type: 'layout'; width: number; fullscreen?: boolean }
  | { source: typeof WIDGET_MESSAGE_SOURCE; type: 'closed' }
  /** Salida rápida (decision 060): the host page replaces itself with this https address. */
  | { source: typeof WIDGET_MESSAGE_SOURCE; type: 'quickExit'; url: string };

/** From the host page to the iframe. */
export type HostToWidgetMessage =
  | { source: typeof HOST_MESSAGE_SOURCE; type: 'open' }
  | { source: typeof HOST_MESSAGE_SOURCE; type: 'close' }
  | { source: typeof HOST_MESSAGE_SOURCE; type: 'openVideoCall' };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

export function isWidgetToHostMessage(value: unknown): value is WidgetToHostMessage {
  if (!isRecord(value) || value.source !== WIDGET_MESSAGE_SOURCE) return false;
  if (value.type === 'ready' || value.type === 'closed') return true;
  if (value.type === 'quickExit')
    return typeof value.url === 'string' && value.url.length <= 500 && /^https:\/\//i.test(value.url);
  return (
    value.type === 'layout' &&
    typeof value.width === 'number' &&
    value.width >= 0 &&
    value.width <= 4000 &&
    (value.fullscreen === undefined || typeof value.fullscreen === 'boolean')
  );
}

export function isHostToWidgetMessage(value: unknown): value is HostToWidgetMessage {
  return (
    isRecord(value) &&
    value.source === HOST_MESSAGE_SOURCE &&
    (value.type === 'open' || value.type === 'close' || value.type === 'openVideoCall')
  );
}

/**
 * Query parameters of the iframe URL the loader builds. `from` is the host page (origin and path)
 * a video call starts from, shown to the operator.
 */
export const WIDGET_QUERY = { companyKey: 'key', hostOrigin: 'host', from: 'from' } as const;

/**
 * The page query parameters that launch the video call (spec §2): `autovideo` opens the call panel
 * after a second, `ShareLink` opens it with the General speciality, `privatevideo=<room>` opens it
 * in that private room. Our site reads them from its own URL; the loader forwards them from the
 * host page's URL to the iframe under the same names.
 */
/** Private room ids (the `privatevideo` query value) and public room names look like this. */
export const ROOM_NAME_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export const CALL_LAUNCH_QUERY = {
  autovideo: 'autovideo',
  shareLink: 'ShareLink',
  privateVideo: 'privatevideo',
} as const;
