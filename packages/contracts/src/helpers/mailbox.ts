/**
 * One mailbox, however it is written. Addresses compare case-insensitively; on Gmail
 * (gmail.com, googlemail.com) dots and a `+tag` in the local part reach the same mailbox too,
 * so 'A.Na+sorteo@googlemail.com' and 'ana@gmail.com' are one person's address.
 */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

export function canonicalMailbox(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (!GMAIL_DOMAINS.has(domain)) return address;
  const withoutTag = local.split('+')[0] ?? local;
  return `${withoutTag.replace(/\./g, '')}@gmail.com`;
}

/** Whether two addresses reach the same mailbox. */
export function sameMailbox(first: string, second: string): boolean {
  return canonicalMailbox(first) === canonicalMailbox(second);
}
