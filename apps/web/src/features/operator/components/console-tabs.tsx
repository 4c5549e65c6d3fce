import * as Tabs from '@radix-ui/react-tabs';
import { type ReactNode } from 'react';
import styles from './console-tabs.module.css';

export type ConsoleTab<Id extends string> = {
  id: Id;
  label: string;
  /** Pending items, shown as a badge and read as "n pendientes". */
  pending?: number;
};

type ConsoleTabsProps<Id extends string> = {
  tabs: ConsoleTab<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  label: string;
  /** The panels: one `ConsoleTabPanel` per tab. */
  children: ReactNode;
};

/**
 * The WAI-ARIA tabs pattern with automatic activation (Radix Tabs): arrows, Home and End move
 * between tabs, Tab leaves the list for the open panel.
 */
export function ConsoleTabs<Id extends string>({
  tabs,
  selected,
  onSelect,
  label,
  children,
}: ConsoleTabsProps<Id>) {
  const ids = new Set<string>(tabs.map((tab) => tab.id));
  return (
    <Tabs.Root
      value={selected}
      onValueChange={(value) => {
        if (ids.has(value)) onSelect(value as Id);
      }}
      activationMode="automatic"
    >
      <Tabs.List aria-label={label} className={styles.list}>
        {tabs.map((tab) => (
          <Tabs.Trigger key={tab.id} value={tab.id} className={styles.tab}>
            {tab.label}
            {tab.pending !== undefined && (
              <span className={tab.pending > 0 ? `${styles.count} ${styles.countActive}` : styles.count}>
                {tab.pending}
                <span className="visually-hidden">{tab.pending === 1 ? ' pendiente' : ' pendientes'}</span>
              </span>
            )}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {children}
    </Tabs.Root>
  );
}

type ConsoleTabPanelProps = {
  value: string;
  className?: string;
  /** Kept in the page while another tab is open (and hidden), e.g. a call that must go on. */
  alwaysMounted?: boolean;
  selected?: boolean;
  children: ReactNode;
};

export function ConsoleTabPanel({
  value,
  className,
  alwaysMounted,
  selected,
  children,
}: ConsoleTabPanelProps) {
  if (!alwaysMounted) {
    return (
      <Tabs.Content value={value} className={className}>
        {children}
      </Tabs.Content>
    );
  }
  return (
    <Tabs.Content value={value} className={className} forceMount hidden={!selected}>
      {children}
    </Tabs.Content>
  );
}
