/**
 * One mailbox, however it is written. Addresses compare case-insensitively; a `+tag` in the local
 * part is dropped on every domain (Gmail, Outlook, Fastmail, iCloud and most self-hosted servers
 * deliver `me+x@` to `me@`, so counting them apart let one person be several); on Gmail
 * (gmail.com, googlemail.com) dots are dropped too, so 'A.Na+sorteo@googlemail.com' and
 * 'ana@gmail.com' are one person's address.
 */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

export function canonicalMailbox(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  // A local part that is only a tag ('+x@') stays as written: there is nothing before it to fold to.
  const withoutTag = local.split('+')[0] || local;
  if (!GMAIL_DOMAINS.has(domain)) return `${withoutTag}@${domain}`;
  return `${withoutTag.replace(/\./g, '')}@gmail.com`;
}

/** Whether two addresses reach the same mailbox. */
export function sameMailbox(first: string, second: string): boolean {
  return canonicalMailbox(first) === canonicalMailbox(second);
}
