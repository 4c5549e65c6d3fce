import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; raw: string; text: string };

/** Quoted-printable to text: soft line breaks joined, `=XX` bytes decoded as UTF-8. */
function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const hex = joined[index] === '=' ? joined.slice(index + 1, index + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * A real SMTP server on a free loopback port (the same `smtp-server` the server's own mail tests
 * use): the product sends through `SMTP_URL` exactly as it would to a region's mail relay, and the
 * journey reads what arrived.
 */
export async function startSmtpStandIn() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          raw,
          text: decodeQuotedPrintable(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** The newest match of `pattern` (its first group) in the mail received for `to`. */
    async latest(to: string, pattern: RegExp, timeoutMs = 10_000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mails = received.filter((mail) => mail.to.includes(to.toLowerCase())).reverse();
        for (const mail of mails) {
          const match = pattern.exec(mail.text);
          if (match) return match[1] ?? match[0];
        }
        if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${pattern}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
