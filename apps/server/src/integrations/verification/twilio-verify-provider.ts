import type { VerificationProvider } from './verification-provider';

export type TwilioVerifyOptions = {
  accountSid: string;
  authToken: string;
  serviceSid: string;
  /** https://verify.twilio.com in production; a local stand-in in tests. */
  baseUrl: string;
};

/** Twilio Verify's v2 API: it generates, sends and checks the codes. */
export function createTwilioVerifyProvider(options: TwilioVerifyOptions): VerificationProvider {
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  const endpoint = (path: string) =>
    `${options.baseUrl.replace(/\/+$/, '')}/v2/Services/${encodeURIComponent(options.serviceSid)}/${path}`;

  async function post(path: string, form: Record<string, string>) {
    const response = await fetch(endpoint(path), {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await response.json().catch(() => ({}))) as { status?: string; message?: string };
    return { ok: response.ok, status: response.status, body };
  }

  return {
    kind: 'twilio',
    async send({ phone, channel }) {
      const result = await post('Verifications', { To: phone, Channel: channel });
      if (!result.ok)
        throw new Error(
          `Twilio Verify refused the verification (${result.status}): ${result.body.message ?? ''}`,
        );
      return { codeHash: null };
    },
    async check({ phone, code }) {
      const result = await post('VerificationCheck', { To: phone, Code: code });
      // Twilio answers 404 once a verification is approved, expired or out of attempts.
      if (result.status === 404) return false;
      if (!result.ok) throw new Error(`Twilio Verify check failed (${result.status})`);
      return result.body.status === 'approved';
    },
  };
}
