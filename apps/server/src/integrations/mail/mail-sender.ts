export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
};

/** How the product sends e-mail: the outbox table by default, SMTP in production. */
export interface MailSender {
  readonly kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
