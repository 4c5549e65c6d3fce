/** Events the server sends to the sockets of a company's operators (docs/realtime.md). */
export const operatorEvents = {
  sessionReady: 'session:ready',
  inboxNew: 'inbox:new',
  inboxHandled: 'inbox:handled',
  companyChanged: 'company:changed',
  /** Something the Supervisión tab shows changed (decision 046); sent only to supervisors and admins. */
  supervisionChanged: 'supervision:changed',
} as const;

export type InboxKind = 'videoMail' | 'contact' | 'callback';
export type InboxEvent = { kind: InboxKind; id: number };
export type SessionReadyEvent = { operator: boolean };
/** `company:changed` carries nothing: the console refetches what it shows. */
export type CompanyChangedEvent = Record<string, never>;
/** `supervision:changed` carries nothing either: the view fetches the snapshot again. */
export type SupervisionChangedEvent = Record<string, never>;

/** Payloads are parsed on arrival, never trusted. */
export function parseInboxEvent(payload: unknown): InboxEvent | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { kind, id } = payload as Record<string, unknown>;
  if (kind !== 'videoMail' && kind !== 'contact' && kind !== 'callback') return null;
  if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0) return null;
  return { kind, id };
}

export function parseSessionReady(payload: unknown): SessionReadyEvent | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { operator } = payload as Record<string, unknown>;
  return typeof operator === 'boolean' ? { operator } : null;
}
