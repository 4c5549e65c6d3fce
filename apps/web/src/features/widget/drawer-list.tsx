import { widgetTexts } from '@seguridad/contracts/messages';
/* The drawer's two headings: the list of entries, and the bar above an open panel. */
import type { Ref } from 'react';
import styles from './contact-drawer.module.css';
import { QuickExitButton } from '../../shared/quick-exit/quick-exit-button';
import {
  CloseButton,
  EntryIcon,
  entryDescriptions,
  entryTitle,
  panelTitles,
  type DrawerEntry,
} from './drawer-entries';
import { prefetchPanel, type DrawerPanel } from './drawer-panels';

export function DrawerList({
  ids,
  titleId,
  entries,
  hidden,
  checkingServices,
  registerEntry,
  onOpen,
  onClose,
}: {
  ids: string;
  titleId: string;
  entries: DrawerEntry[];
  hidden: boolean;
  checkingServices: boolean;
  registerEntry: (entry: DrawerPanel, element: HTMLButtonElement | null) => void;
  onOpen: (entry: DrawerPanel) => void;
  onClose?: () => void;
}) {
  return (
    <div className={styles.list} hidden={hidden}>
      <div className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {widgetTexts.drawerTitle}
        </h2>
        <span className={styles.headerActions}>
          <QuickExitButton />
          {onClose && <CloseButton onClick={onClose} />}
        </span>
      </div>
      <p className={styles.lead}>{widgetTexts.drawerLead}</p>
      <ul className={styles.entries}>
        {entries.map((entry) => (
          <li key={entry}>
            <button
              type="button"
              className={styles.entry}
              ref={(element) => registerEntry(entry, element)}
              aria-describedby={`${ids}-${entry}-description`}
              onPointerEnter={() => prefetchPanel(entry)}
              onFocus={() => prefetchPanel(entry)}
              onClick={() => onOpen(entry)}
            >
              <EntryIcon panel={entry} />
              <span className={styles.entryText}>
                <span className={styles.entryTitle}>{entryTitle(entry)}</span>
                <span id={`${ids}-${entry}-description`} className={styles.entryDescription}>
                  {entryDescriptions[entry]}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      <p className={styles.statusLine} role="status">
        {checkingServices ? 'Consultando los servicios disponibles…' : ''}
      </p>
    </div>
  );
}

export function DrawerPanelHeader({
  panel,
  titleId,
  titleRef,
  hidden,
  onBack,
  onClose,
}: {
  panel: DrawerPanel;
  titleId: string;
  titleRef: Ref<HTMLHeadingElement>;
  hidden: boolean;
  onBack: () => void;
  onClose?: () => void;
}) {
  return (
    <div className={styles.panelHeader} hidden={hidden}>
      <button type="button" className={styles.iconButton} onClick={onBack} aria-label={widgetTexts.back}>
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M20 11H7.8l5.6-5.6L12 4l-8 8 8 8 1.4-1.4L7.8 13H20z" />
        </svg>
      </button>
      <h2 id={titleId} ref={titleRef} tabIndex={-1} className={styles.panelTitle}>
        {panelTitles[panel]}
      </h2>
      <QuickExitButton />
      {onClose && <CloseButton onClick={onClose} />}
    </div>
  );
}
