import nodemailer from 'nodemailer';
import type { MailMessage, MailSender } from './mail-sender';

/** Real delivery through any SMTP server (`SMTP_URL`, e.g. smtps://user:pass@smtp.example.com). */
export function createSmtpMailSender(options: { url: string; from: string }): MailSender {
  const transport = nodemailer.createTransport(options.url);
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
      });
    },
    async close() {
      transport.close();
    },
  };
}
