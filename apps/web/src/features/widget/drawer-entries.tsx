/* The drawer's entry list and header pieces: titles, descriptions, icons, the close button. */
import { callbackTexts, phoneCallTexts, widgetTexts } from '@seguridad/contracts/messages';
import { silentCallTexts } from '@seguridad/contracts/messages/silent-call';
import styles from './contact-drawer.module.css';
import type { DrawerPanel } from './drawer-panels';

export const panelTitles: Record<DrawerPanel, string> = {
  videoCall: 'Videollamada',
  phoneCall: phoneCallTexts.entry,
  // The entry says «(solo texto)»; once open, the panel's bar keeps to the short name.
  silentCall: silentCallTexts.consoleTitle,
  videoMail: 'Video Mail',
  contact: 'Contacto',
  callback: callbackTexts.request,
};

export type DrawerEntry = Exclude<DrawerPanel, 'callback'>;

/** What an entry of the list says: its panel's title, but for the silent call's longer offer. */
export function entryTitle(entry: DrawerEntry): string {
  return entry === 'silentCall' ? silentCallTexts.entry : panelTitles[entry];
}

export const entryDescriptions: Record<DrawerEntry, string> = {
  videoCall: 'Habla ahora con una operadora de la central.',
  phoneCall: phoneCallTexts.entryDescription,
  silentCall: silentCallTexts.entryDescription,
  videoMail: 'Graba un video con tu mensaje y lo revisaremos.',
  contact: 'Escríbenos y te responderemos por correo o teléfono.',
};

export function EntryIcon({ panel }: { panel: DrawerEntry }) {
  const paths: Record<DrawerEntry, string> = {
    phoneCall:
      'M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z',
    videoCall:
      'M4 6h11a2 2 0 0 1 2 2v1.5l3.4-2.3A1 1 0 0 1 22 8v8a1 1 0 0 1-1.6.8L17 14.5V16a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2z',
    silentCall: 'M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H8l-5 4V5a2 2 0 0 1 1-2zm3 5v2h10V8zm0 4v2h7v-2z',
    videoMail:
      'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm0-6C6.5 2 2 6.5 2 12s4.5 10 10 10 10-4.5 10-10S17.5 2 12 2zm0 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16z',
    contact:
      'M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm0 3.2V18h16V7.2l-8 5-8-5zM5.4 6 12 10.1 18.6 6H5.4z',
  };
  return (
    <svg className={styles.entryIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d={paths[panel]} />
    </svg>
  );
}

export function CloseButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className={styles.iconButton} onClick={onClick} aria-label={widgetTexts.close}>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6 10.6 12 5 6.4z"
        />
      </svg>
    </button>
  );
}
