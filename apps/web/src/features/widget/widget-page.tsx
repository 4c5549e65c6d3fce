import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  WIDGET_MESSAGE_SOURCE,
  WIDGET_QUERY,
  isHostToWidgetMessage,
  type WidgetToHostMessage,
} from '@seguridad/contracts/embed-bridge';
import { DRAWER_WIDTH_PX } from '@seguridad/contracts/constants';
import { getCompanyKey, setCompanyKey } from '../../shared/api/company-key';
import { ContactDrawer, type DrawerPanel } from './contact-drawer';
import styles from './widget-page.module.css';

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
 * it is ready and how wide to make the frame, and obeys open/close from that page only.
 */
export function WidgetPage() {
  const [params] = useSearchParams();
  const companyKey = params.get(WIDGET_QUERY.companyKey)?.trim() ?? '';
  const hostOrigin = originFrom(params.get(WIDGET_QUERY.hostOrigin));
  const framed = typeof window !== 'undefined' && window.parent !== window;
  // Set before the drawer's first request, which carries the key of the host page's script tag.
  if (companyKey && getCompanyKey() !== companyKey) setCompanyKey(companyKey);

  // Opened directly (not framed), the page is a usable contact form on its own.
  const [open, setOpen] = useState(!framed);
  const [panel, setPanel] = useState<DrawerPanel | null>(null);

  useEffect(() => {
    if (!framed || !hostOrigin) return;
    const post = (message: WidgetToHostMessage) => window.parent.postMessage(message, hostOrigin);
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window.parent || event.origin !== hostOrigin) return;
      if (!isHostToWidgetMessage(event.data)) return;
      // The video call panel arrives with the call feature; until then it opens the drawer.
      setOpen(event.data.type !== 'close');
    };
    window.addEventListener('message', onMessage);
    post({ source: WIDGET_MESSAGE_SOURCE, type: 'ready' });
    return () => window.removeEventListener('message', onMessage);
  }, [framed, hostOrigin]);

  useEffect(() => {
    if (!framed || !hostOrigin) return;
    const width = !open ? 0 : panel ? DRAWER_WIDTH_PX.expanded : DRAWER_WIDTH_PX.desktop;
    const message: WidgetToHostMessage = open
      ? { source: WIDGET_MESSAGE_SOURCE, type: 'layout', width }
      : { source: WIDGET_MESSAGE_SOURCE, type: 'closed' };
    window.parent.postMessage(message, hostOrigin);
  }, [framed, hostOrigin, open, panel]);

  if (!companyKey) {
    return (
      <p className={styles.problem} role="alert">
        Falta la clave de empresa en la dirección del widget.
      </p>
    );
  }
  return (
    <div className={styles.frame}>
      <ContactDrawer embedded open={open} onClose={() => setOpen(false)} onPanelChange={setPanel} />
    </div>
  );
}
