/**
 * The embeddable loader: `<script src="https://<host>/widget.js" data-company-key="…" async>`.
 * Draws a launcher in the company's colour and words; on first use creates an iframe on our
 * /widget route, reveals it only once the widget says it is ready, and talks to it over
 * origin-checked postMessage. One global, `SeguridadWidget`, and one event on the host's window,
 * `seguridad-widget:ready`, once the global is there. Calls are never lost: those made before the
 * script ran (on a `window.SeguridadWidget = { q: [] }` stub, each a method name pushed to `q`) are
 * replayed, and those made before the frame is ready wait for it, in order.
 */
import {
  CALL_LAUNCH_QUERY,
  HOST_MESSAGE_SOURCE,
  HOST_READY_EVENT,
  WIDGET_QUERY,
  isWidgetToHostMessage,
  type HostToWidgetMessage,
} from '@seguridad/contracts/embed-bridge';
// Types and constants only: the loader stays free of zod.
import {
  LAUNCHER_COLOR_PATTERN,
  LAUNCHER_DEFAULTS,
  LAUNCHER_LABEL_MAX,
  WIDGET_APPEARANCE_PATH,
  type WidgetAppearanceResponse,
} from '@seguridad/contracts/http/launcher-constants';

type PublicApi = { open(): void; close(): void; openVideoCall(): void };
type Command = keyof PublicApi;
const GLOBAL_NAME = 'SeguridadWidget';
const Z_INDEX = '2147483000';
/** Past this, the launcher shows in the default look rather than keep the page waiting. */
const APPEARANCE_TIMEOUT_MS = 3_000;

/** The launcher's look as the company set it, or the default look when it cannot be had. */
async function fetchAppearance(
  widgetOrigin: string,
  companyKey: string,
): Promise<{ color: string; label: string }> {
  const url = new URL(WIDGET_APPEARANCE_PATH, widgetOrigin);
  url.searchParams.set('key', companyKey);
  const fallback = { color: LAUNCHER_DEFAULTS.color, label: LAUNCHER_DEFAULTS.label };
  try {
    const response = await fetch(url, {
      credentials: 'omit',
      signal: AbortSignal.timeout(APPEARANCE_TIMEOUT_MS),
    });
    if (!response.ok) return fallback;
    const body = (await response.json()) as Partial<WidgetAppearanceResponse>;
    const color = body.data?.launcher_color;
    const label = body.data?.launcher_label;
    return {
      color: typeof color === 'string' && LAUNCHER_COLOR_PATTERN.test(color) ? color : fallback.color,
      label:
        typeof label === 'string' && label.trim() !== ''
          ? label.trim().slice(0, LAUNCHER_LABEL_MAX)
          : fallback.label,
    };
  } catch {
    return fallback;
  }
}

function init(script: HTMLScriptElement): PublicApi | undefined {
  const companyKey = script.dataset.companyKey?.trim();
  if (!companyKey) {
    console.error('[widget] Falta el atributo data-company-key en la etiqueta <script>.');
    return undefined;
  }
  const widgetOrigin = new URL(script.src, location.href).origin;
  let frame: HTMLIFrameElement | undefined;
  let ready = false;
  /** What the host asked for before the frame was ready, in order. */
  const pending: HostToWidgetMessage['type'][] = [];
  // A link into the call (?autovideo, ?ShareLink, ?privatevideo=…) on the host page goes on to the
  // widget, which then opens itself on the Videollamada panel.
  const hostQuery = new URLSearchParams(location.search);
  const launch = Object.values(CALL_LAUNCH_QUERY).filter((name) => hostQuery.has(name));

  const launcher = document.createElement('button');
  launcher.type = 'button';
  launcher.textContent = LAUNCHER_DEFAULTS.label;
  launcher.setAttribute('aria-haspopup', 'dialog');
  Object.assign(launcher.style, {
    position: 'fixed',
    right: '16px',
    bottom: '16px',
    zIndex: Z_INDEX,
    padding: '12px 20px',
    border: '0',
    borderRadius: '999px',
    background: LAUNCHER_DEFAULTS.color,
    color: '#fff',
    font: '600 16px system-ui, sans-serif',
    boxShadow: '0 6px 24px rgba(0,0,0,.25)',
    cursor: 'pointer',
    // Shown once the company's look is known, so the button does not change under the visitor.
    visibility: 'hidden',
  });

  function post(type: HostToWidgetMessage['type']) {
    if (!frame?.contentWindow || !ready) {
      pending.push(type);
      return;
    }
    frame.contentWindow.postMessage(
      { source: HOST_MESSAGE_SOURCE, type } satisfies HostToWidgetMessage,
      widgetOrigin,
    );
  }

  function ensureFrame() {
    if (frame) return;
    frame = document.createElement('iframe');
    const url = new URL('/widget', widgetOrigin);
    url.searchParams.set(WIDGET_QUERY.companyKey, companyKey!);
    url.searchParams.set(WIDGET_QUERY.hostOrigin, location.origin);
    // Where a call starts from, for the operator: the page without its query or fragment.
    url.searchParams.set(WIDGET_QUERY.from, location.origin + location.pathname);
    for (const name of launch) url.searchParams.set(name, hostQuery.get(name)!);
    frame.src = url.href;
    frame.title = 'Contacto con la central de seguridad';
    frame.allow = 'camera; microphone; display-capture; autoplay; fullscreen';
    Object.assign(frame.style, {
      position: 'fixed',
      top: '0',
      right: '0',
      height: '100%',
      width: '0',
      maxWidth: '100vw',
      border: '0',
      zIndex: Z_INDEX,
      visibility: 'hidden',
      colorScheme: 'normal',
    });
    document.body.appendChild(frame);
  }

  window.addEventListener('message', (event) => {
    if (event.origin !== widgetOrigin || event.source !== frame?.contentWindow) return;
    if (!isWidgetToHostMessage(event.data) || !frame) return;
    const message = event.data;
    if (message.type === 'ready') {
      ready = true;
      for (const type of pending.splice(0)) post(type);
    } else if (message.type === 'layout') {
      // During a call the widget covers the whole viewport (the frame is fixed at the top right).
      frame.style.width = message.fullscreen ? '100%' : `${message.width}px`;
      frame.style.visibility = message.width > 0 ? 'visible' : 'hidden';
      launcher.style.display = message.width > 0 ? 'none' : '';
    } else if (message.type === 'quickExit') {
      // Salida rápida (decision 060): this page goes too, replaced so that Back does not return.
      document.documentElement.style.visibility = 'hidden';
      location.replace(message.url);
    } else if (message.type === 'closed') {
      frame.style.width = '0';
      frame.style.visibility = 'hidden';
      launcher.style.display = '';
      launcher.focus();
    }
  });

  const api: PublicApi = {
    open() {
      ensureFrame();
      post('open');
    },
    close() {
      post('close');
    },
    openVideoCall() {
      ensureFrame();
      post('openVideoCall');
    },
  };
  launcher.addEventListener('click', () => api.open());
  // Loading the iframe when the visitor shows intent makes the first click feel instant.
  launcher.addEventListener('pointerenter', ensureFrame, { once: true });
  launcher.addEventListener('focus', ensureFrame, { once: true });
  document.body.appendChild(launcher);
  void fetchAppearance(widgetOrigin, companyKey).then(({ color, label }) => {
    launcher.textContent = label;
    launcher.style.background = color;
    launcher.style.visibility = '';
  });
  if (launch.length) ensureFrame();
  return api;
}

/** Method names a host page queued on a `{ q: [] }` stub before this script ran. */
function queuedCommands(stub: unknown): Command[] {
  const queue = (stub as { q?: unknown } | undefined)?.q;
  if (!Array.isArray(queue)) return [];
  return queue.filter(
    (name): name is Command => name === 'open' || name === 'close' || name === 'openVideoCall',
  );
}

const script = document.currentScript as HTMLScriptElement | null;
const existing = (window as unknown as Record<string, unknown>)[GLOBAL_NAME];
// A second copy of the script finds the real API and stays out; a stub is taken over.
const isStub = existing === undefined || Array.isArray((existing as { q?: unknown } | null)?.q);
if (script && isStub) {
  const start = () => {
    const api = init(script);
    if (!api) return;
    const queued = queuedCommands(existing);
    Object.defineProperty(window, GLOBAL_NAME, { value: Object.freeze(api), configurable: false });
    for (const name of queued) api[name]();
    window.dispatchEvent(new Event(HOST_READY_EVENT));
  };
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start, { once: true });
}
