/*
 * What a person typed, kept across the one reload a new deployment may force (decision 055): every
 * form that matters registers how to read itself; right before that reload the values are written
 * to sessionStorage, and each form takes its own back when it mounts again. Nothing is stored
 * otherwise, and what is not taken back within half an hour is dropped.
 */

const STORAGE_KEY = 'seguridad:reload-drafts';
const DRAFT_LIFETIME_MS = 30 * 60_000;

type StoredDrafts = { savedAt: number; drafts: Record<string, unknown> };

/** The forms kept, by the name their draft is stored under (one place, so no two collide). */
export const DRAFT_IDS = {
  /** The contact drawer: the panel it showed, so it opens on it again. */
  drawer: 'contact-drawer',
  contactForm: 'contact-form',
  videoMailForm: 'video-mail-form',
  callbackForm: 'callback-form',
} as const;
export type DraftId = (typeof DRAFT_IDS)[keyof typeof DRAFT_IDS];

const sources = new Map<string, () => unknown>();

function sessionStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function readStored(): StoredDrafts | null {
  const raw = sessionStore()?.getItem(STORAGE_KEY);
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as StoredDrafts;
    if (typeof stored.savedAt !== 'number' || Date.now() - stored.savedAt > DRAFT_LIFETIME_MS) return null;
    return stored;
  } catch {
    return null;
  }
}

function writeStored(drafts: Record<string, unknown>, savedAt = Date.now()) {
  const store = sessionStore();
  if (!store) return;
  try {
    if (Object.keys(drafts).length === 0) store.removeItem(STORAGE_KEY);
    else store.setItem(STORAGE_KEY, JSON.stringify({ savedAt, drafts } satisfies StoredDrafts));
  } catch {
    // Storage full or refused (private mode): the reload goes ahead without the drafts.
  }
}

/** Registers how to read a form's draft; returns the unregistering function. */
export function keepDraftAcrossReload(id: DraftId, read: () => unknown): () => void {
  sources.set(id, read);
  return () => {
    if (sources.get(id) === read) sources.delete(id);
  };
}

/** Right before a reload: every registered form's draft, beside those not yet taken back. */
export function saveDraftsForReload(): void {
  const drafts: Record<string, unknown> = { ...readStored()?.drafts };
  for (const [id, read] of sources) {
    try {
      const value = read();
      if (value !== undefined && value !== null) drafts[id] = value;
    } catch {
      // One form that cannot be read does not cost the others theirs.
    }
  }
  writeStored(drafts);
}

/** Whether a draft waits for this form, without taking it. */
export function hasDraftFor(id: DraftId): boolean {
  return readStored()?.drafts[id] !== undefined;
}

/** The draft saved for this form before the reload, once: it is removed as it is taken. */
export function takeDraft<Value>(id: DraftId): Value | undefined {
  const stored = readStored();
  const draft = stored?.drafts[id];
  if (!stored || draft === undefined) return undefined;
  const { [id]: _taken, ...rest } = stored.drafts;
  writeStored(rest, stored.savedAt);
  return draft as Value;
}
