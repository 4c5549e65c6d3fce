import { useRef, type KeyboardEvent } from 'react';
import styles from './console-tabs.module.css';

export type ConsoleTab<Id extends string> = {
  id: Id;
  label: string;
  /** Pending items, shown as a badge and read as "n pendientes". */
  pending?: number;
};

export const tabId = (prefix: string, id: string) => `${prefix}-tab-${id}`;
export const tabPanelId = (prefix: string, id: string) => `${prefix}-panel-${id}`;

type ConsoleTabsProps<Id extends string> = {
  tabs: ConsoleTab<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  idPrefix: string;
  label: string;
};

/**
 * The WAI-ARIA tabs pattern with automatic activation: arrows, Home and End move between tabs,
 * Tab leaves the list for the open panel.
 */
export function ConsoleTabs<Id extends string>({
  tabs,
  selected,
  onSelect,
  idPrefix,
  label,
}: ConsoleTabsProps<Id>) {
  const buttons = useRef(new Map<Id, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = tabs.length - 1;
    const targets: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = tabs[target]!;
    onSelect(next.id);
    buttons.current.get(next.id)?.focus();
  }

  return (
    <div role="tablist" aria-label={label} className={styles.list}>
      {tabs.map((tab, index) => {
        const isSelected = tab.id === selected;
        return (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) buttons.current.set(tab.id, element);
              else buttons.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={tabId(idPrefix, tab.id)}
            aria-selected={isSelected}
            aria-controls={tabPanelId(idPrefix, tab.id)}
            tabIndex={isSelected ? 0 : -1}
            className={styles.tab}
            onClick={() => onSelect(tab.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
            {tab.pending !== undefined && (
              <span className={tab.pending > 0 ? `${styles.count} ${styles.countActive}` : styles.count}>
                {tab.pending}
                <span className="visually-hidden">{tab.pending === 1 ? ' pendiente' : ' pendientes'}</span>
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
