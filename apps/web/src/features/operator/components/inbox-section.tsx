import { useId, useState, type ReactNode } from 'react';
import styles from './inbox.module.css';

type InboxItem = { id: number; handled_at: string | null };
type Filter = 'pending' | 'all';

type InboxSectionProps<Item extends InboxItem> = {
  title: string;
  items: Item[];
  emptyPending: string;
  emptyAll: string;
  renderItem: (item: Item, index: number, keepInView: (id: number) => void) => ReactNode;
};

/**
 * A list of the inbox, newest first, showing the pending items or all of them. An item marked here
 * stays in the pending view (now reading "Atendido") until the filter changes, so the list does not
 * jump under the operator's hand.
 */
export function InboxSection<Item extends InboxItem>({
  title,
  items,
  emptyPending,
  emptyAll,
  renderItem,
}: InboxSectionProps<Item>) {
  const headingId = useId();
  const filterName = useId();
  const [filter, setFilter] = useState<Filter>('pending');
  const [keptInView, setKeptInView] = useState<ReadonlySet<number>>(new Set());

  const pendingCount = items.filter((item) => !item.handled_at).length;
  const shown =
    filter === 'all' ? items : items.filter((item) => !item.handled_at || keptInView.has(item.id));
  const keepInView = (id: number) => setKeptInView((ids) => new Set(ids).add(id));

  function choose(next: Filter) {
    setFilter(next);
    setKeptInView(new Set());
  }

  return (
    <section aria-labelledby={headingId}>
      <div className={styles.sectionHeader}>
        <h2 id={headingId} className={styles.sectionTitle}>
          {title}
        </h2>
        <fieldset className={styles.filter}>
          <legend className="visually-hidden">Mostrar</legend>
          <label className={styles.filterOption}>
            <input
              type="radio"
              name={filterName}
              checked={filter === 'pending'}
              onChange={() => choose('pending')}
            />
            Pendientes ({pendingCount})
          </label>
          <label className={styles.filterOption}>
            <input type="radio" name={filterName} checked={filter === 'all'} onChange={() => choose('all')} />
            Todos ({items.length})
          </label>
        </fieldset>
      </div>
      {shown.length === 0 ? (
        <p className={styles.empty}>{filter === 'pending' ? emptyPending : emptyAll}</p>
      ) : (
        <ol className={styles.list}>
          {shown.map((item, index) => (
            <li key={item.id}>{renderItem(item, index, keepInView)}</li>
          ))}
        </ol>
      )}
    </section>
  );
}
