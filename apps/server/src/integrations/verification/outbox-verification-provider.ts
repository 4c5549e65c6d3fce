import type { Database } from '../../db/client';
import { writeOutboxMessage } from '../outbox-queries';
import { newNumericCode } from '../../lib/tokens';
import { hashCode } from './code-hash';
import type { VerificationProvider } from './verification-provider';

/** A code's lifetime, as the message says (`CODE_TTL_MS` of the verification-code service). */
const CODE_LIFETIME_MS = 10 * 60 * 1000;

/** Writes the code into the outbox as an SMS or WhatsApp message; the dev mailbox shows it. */
export function createOutboxVerificationProvider(db: Database, brandName: string): VerificationProvider {
  return {
    kind: 'outbox',
    async send({ phone, channel }) {
      const code = newNumericCode();
      await writeOutboxMessage(db, {
        channel,
        recipient: phone,
        subject: 'Código de verificación',
        text: `${brandName}: tu código de verificación es ${code}. Vence en 10 minutos. No lo compartas con nadie.`,
        secretExpiresAt: new Date(Date.now() + CODE_LIFETIME_MS),
      });
      return { codeHash: hashCode(code) };
    },
    async check() {
      // Codes of this provider are checked against their stored hash.
      return false;
    },
  };
}
