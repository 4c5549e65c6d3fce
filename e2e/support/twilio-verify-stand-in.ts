import { randomInt } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Twilio Verify's two v2 calls the product makes (`Verifications`, `VerificationCheck`), on a free
 * loopback port: it makes up the code as Twilio would and keeps it, the phone's "SMS", for the
 * journey to read. The product's real Twilio client talks to it through `TWILIO_VERIFY_BASE_URL`.
 */
export async function startTwilioVerifyStandIn() {
  const codes = new Map<string, string>();
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const form = new URLSearchParams(body);
      const phone = (form.get('To') ?? '').replace(/\D/g, '');
      const reply = (status: number, payload: object) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      if (request.method === 'POST' && request.url?.endsWith('/Verifications')) {
        const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
        codes.set(phone, code);
        return reply(201, { status: 'pending', to: phone });
      }
      if (request.method === 'POST' && request.url?.endsWith('/VerificationCheck')) {
        const expected = codes.get(phone);
        if (!expected) return reply(404, { message: 'not found' });
        if (form.get('Code') !== expected) return reply(200, { status: 'pending' });
        codes.delete(phone);
        return reply(200, { status: 'approved' });
      }
      reply(404, { message: 'unknown route' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    env: {
      TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
      TWILIO_AUTH_TOKEN: 'token-de-prueba',
      TWILIO_VERIFY_SERVICE_SID: 'VA00000000000000000000000000000000',
      TWILIO_VERIFY_BASE_URL: `http://127.0.0.1:${port}`,
    },
    /** The code last sent to `phone`, waiting for it to arrive. */
    async codeFor(phoneNumber: string, timeoutMs = 10_000): Promise<string> {
      const phone = phoneNumber.replace(/\D/g, '');
      const deadline = Date.now() + timeoutMs;
      while (!codes.has(phone)) {
        if (Date.now() > deadline) throw new Error(`no code sent to ${phone}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return codes.get(phone)!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
