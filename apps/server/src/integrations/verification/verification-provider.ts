export type VerificationChannel = 'sms' | 'whatsapp';

/**
 * Sends the 6-digit codes of two-step verification. The outbox provider generates the code and
 * hands back its hash for us to check; Twilio Verify keeps the code and checks it itself.
 */
export interface VerificationProvider {
  readonly kind: 'outbox' | 'twilio';
  send(request: { phone: string; channel: VerificationChannel }): Promise<{ codeHash: string | null }>;
  /** Only for providers that keep the code (`codeHash` null). */
  check(request: { phone: string; code: string }): Promise<boolean>;
}
