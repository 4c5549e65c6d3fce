export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * When the link or code in the message stops working. A message kept in the outbox (no SMTP) is
   * blanked then, so the table never holds a usable secret longer than the secret lives.
   */
  expiresAt?: Date;
};

/** How the product sends e-mail: the outbox table by default, SMTP in production. */
export interface MailSender {
  readonly kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
