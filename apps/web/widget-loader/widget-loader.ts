/**
 * The embeddable loader: `<script src="https://<host>/widget.js" data-company-key="…" async>`.
 * Draws a launcher; on first use creates an iframe on our /widget route, reveals it only once the
 * widget says it is ready, and talks to it over origin-checked postMessage. One global.
 */
import {
  CALL_LAUNCH_QUERY,
  HOST_MESSAGE_SOURCE,
  WIDGET_QUERY,
  isWidgetToHostMessage,
  type HostToWidgetMessage,
} from '@seguridad/contracts/embed-bridge';

type PublicApi = { open(): void; close(): void; openVideoCall(): void };
const GLOBAL_NAME = 'SeguridadWidget';
const Z_INDEX = '2147483000';

function init(script: HTMLScriptElement): PublicApi | undefined {
  const companyKey = script.dataset.companyKey?.trim();
  if (!companyKey) {
    console.error('[widget] Falta el atributo data-company-key en la etiqueta <script>.');
    return undefined;
  }
  const widgetOrigin = new URL(script.src, location.href).origin;
  let frame: HTMLIFrameElement | undefined;
  let ready = false;
  let pending: HostToWidgetMessage['type'] | undefined;
  // A link into the call (?autovideo, ?ShareLink, ?privatevideo=…) on the host page goes on to the
  // widget, which then opens itself on the Videollamada panel.
  const hostQuery = new URLSearchParams(location.search);
  const launch = Object.values(CALL_LAUNCH_QUERY).filter((name) => hostQuery.has(name));

  const launcher = document.createElement('button');
  launcher.type = 'button';
  launcher.textContent = 'Contáctanos';
  launcher.setAttribute('aria-haspopup', 'dialog');
  Object.assign(launcher.style, {
    position: 'fixed',
    right: '16px',
    bottom: '16px',
    zIndex: Z_INDEX,
    padding: '12px 20px',
    border: '0',
    borderRadius: '999px',
    background: '#0b3a75',
    color: '#fff',
    font: '600 16px system-ui, sans-serif',
    boxShadow: '0 6px 24px rgba(0,0,0,.25)',
    cursor: 'pointer',
  });

  function post(type: HostToWidgetMessage['type']) {
    if (!frame?.contentWindow || !ready) {
      pending = type;
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
      if (pending) post(pending);
      pending = undefined;
    } else if (message.type === 'layout') {
      // During a call the widget covers the whole viewport (the frame is fixed at the top right).
      frame.style.width = message.fullscreen ? '100%' : `${message.width}px`;
      frame.style.visibility = message.width > 0 ? 'visible' : 'hidden';
      launcher.style.display = message.width > 0 ? 'none' : '';
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
  if (launch.length) ensureFrame();
  return api;
}

const script = document.currentScript as HTMLScriptElement | null;
const existing = (window as unknown as Record<string, unknown>)[GLOBAL_NAME];
if (script && !existing) {
  const start = () => {
    const api = init(script);
    if (api) Object.defineProperty(window, GLOBAL_NAME, { value: Object.freeze(api), configurable: false });
  };
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start, { once: true });
}
