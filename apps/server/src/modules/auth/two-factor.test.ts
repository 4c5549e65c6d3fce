import { describe, expect, it } from 'vitest';
import { accountTexts, validationMessages } from '@seguridad/contracts/messages';
import { useTestApp, type TestContext } from '../../testing/test-app';
import {
  bearer,
  confirmSignInCode,
  getAs,
  latestCodeTo,
  login,
  newSession,
  postAs,
  requestSignInCode,
  STRONG_PASSWORD,
} from '../../testing/accounts';

async function confirmPhone(ctx: TestContext, token: string, phone: string) {
  const start = await postAs(ctx, token, '/api/v1/auth/2fa/startVerifyUserPhoneNumber', {
    phone_number: phone,
    type: 1,
    password: STRONG_PASSWORD,
  });
  expect(start.statusCode).toBe(200);
  const code = await latestCodeTo(ctx, phone);
  const verified = await postAs(ctx, token, '/api/v1/auth/2fa/verifyUserPhoneNumber', {
    phone_number: phone,
    code,
  });
  expect(verified.json()).toEqual({ code: 200, message: accountTexts.phoneVerified });
}

describe('two-step verification', () => {
  const ctx = useTestApp();

  it('validates phone and code formats with the spec messages', async () => {
    const token = await newSession(ctx, 'formato@example.com');
    const badPhone = await postAs(ctx, token, '/api/v1/auth/2fa/startVerifyUserPhoneNumber', {
      phone_number: '9123',
      type: 1,
      password: STRONG_PASSWORD,
    });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().data).toContain(validationMessages.phoneElevenDigits);
    const badCode = await postAs(ctx, token, '/api/v1/auth/2fa/verifyUserPhoneNumber', {
      phone_number: '56912345678',
      code: '12',
    });
    expect(badCode.json().data).toContain(validationMessages.codeSixDigits);
  });

  it('after a phone is confirmed, login asks for the second step and a code from the phone opens the session', async () => {
    const email = 'dos-pasos@example.com';
    const token = await newSession(ctx, email);
    await confirmPhone(ctx, token, '56911112222');

    const phones = await getAs(ctx, token, '/api/v1/auth/2fa/getUserConfirmedPhones');
    expect(phones.json().masked_user_phones).toEqual([{ id: expect.any(Number), phone: '+569 **** *222' }]);

    const first = await login(ctx, email);
    expect(first.statusCode).toBe(200);
    expect(first.json().access_token).toBeUndefined();
    const [phone] = first.json()['2fa_masked_user_phones'] as { id: number; phone: string }[];
    expect(phone?.phone).toBe('+569 **** *222');

    const requested = await requestSignInCode(ctx, { email, phoneId: phone!.id, type: 2 });
    expect(requested.statusCode).toBe(200);
    const code = await latestCodeTo(ctx, '56911112222');
    const confirmed = await confirmSignInCode(ctx, email, code);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().access_token).toBeTruthy();

    const reused = await confirmSignInCode(ctx, email, code);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe(accountTexts.codeInvalid);
  });

  it('refuses a code after five wrong tries, even when the guesses arrive in parallel', async () => {
    const email = 'adivina@example.com';
    const token = await newSession(ctx, email);
    await confirmPhone(ctx, token, '56933334444');
    const [phone] = (await login(ctx, email)).json()['2fa_masked_user_phones'] as { id: number }[];
    await requestSignInCode(ctx, { email, phoneId: phone!.id, type: 1 });
    const code = await latestCodeTo(ctx, '56933334444');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const guesses = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        confirmSignInCode(ctx, email, wrong, { remoteAddress: `10.2.0.${index}` }),
      ),
    );
    const codes = guesses.map((response) => response.statusCode);
    expect(codes.filter((status) => status === 422)).toHaveLength(5);
    expect(codes.filter((status) => status === 429)).toHaveLength(3);
    const right = await confirmSignInCode(ctx, email, code);
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe(accountTexts.codeTooManyAttempts);
  });

  it('sends at most three codes to a phone in fifteen minutes, and only the latest works', async () => {
    const token = await newSession(ctx, 'envios@example.com');
    const send = () =>
      postAs(ctx, token, '/api/v1/auth/2fa/startVerifyUserPhoneNumber', {
        phone_number: '56955556666',
        type: 1,
        password: STRONG_PASSWORD,
      });
    expect((await send()).statusCode).toBe(200);
    const firstCode = await latestCodeTo(ctx, '56955556666');
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    const fourth = await send();
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe(accountTexts.codeSendLimit);
    const latestCode = await latestCodeTo(ctx, '56955556666');
    if (firstCode !== latestCode) {
      const stale = await postAs(ctx, token, '/api/v1/auth/2fa/verifyUserPhoneNumber', {
        phone_number: '56955556666',
        code: firstCode,
      });
      expect(stale.statusCode).toBe(422);
    }
    const fresh = await postAs(ctx, token, '/api/v1/auth/2fa/verifyUserPhoneNumber', {
      phone_number: '56955556666',
      code: latestCode,
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('asks again for the password on every second-step call', async () => {
    const response = await requestSignInCode(ctx, {
      email: 'dos-pasos@example.com',
      phoneId: 1,
      type: 1,
      password: 'incorrecta-999',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('code budgets per account', () => {
  const ctx = useTestApp();

  /** From `remoteAddress` when given, so the route's per-IP limit (10 a minute) is not what answers. */
  const startVerifying = (token: string, phone: string, remoteAddress?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/2fa/startVerifyUserPhoneNumber',
      headers: bearer(token),
      ...(remoteAddress ? { remoteAddress } : {}),
      payload: { phone_number: phone, type: 1, password: STRONG_PASSWORD },
    });

  it("another account asking to verify the owner's phone cannot block the owner's sign-in codes", async () => {
    const email = 'duena-del-fono@example.com';
    const owner = await newSession(ctx, email);
    await confirmPhone(ctx, owner, '56977778888');
    const stranger = await newSession(ctx, 'molesta@example.com');
    const strangerCodes: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      strangerCodes.push((await startVerifying(stranger, '56977778888')).statusCode);
    }
    expect(strangerCodes).toEqual([200, 200, 200, 429]);

    const [phone] = (await login(ctx, email)).json()['2fa_masked_user_phones'] as { id: number }[];
    const codeRequest = await requestSignInCode(ctx, { email, phoneId: phone!.id, type: 1 });
    expect(codeRequest.statusCode).toBe(200);
  });

  it('limits how many phones an account may be verifying at once', async () => {
    const token = await newSession(ctx, 'muchos-fonos@example.com');
    const codes: number[] = [];
    for (const phone of ['56910000001', '56910000002', '56910000003', '56910000004']) {
      codes.push((await startVerifying(token, phone)).statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 429]);
    expect((await startVerifying(token, '56910000001')).statusCode).toBe(200);
  });

  it("strangers who used up a phone's ceiling cannot keep its owner from verifying it", async () => {
    const phone = '56944445555';
    // Each from an address of its own: the route's per-IP limit is not what this test is about.
    const sends = async (token: string, times: number, remoteAddress: string) => {
      const codes: number[] = [];
      for (let attempt = 0; attempt < times; attempt += 1)
        codes.push((await startVerifying(token, phone, remoteAddress)).statusCode);
      return codes;
    };
    const strangers = ['extrana-1@example.com', 'extrana-2@example.com'];
    expect(await sends(await newSession(ctx, strangers[0]!), 3, '192.0.2.71')).toEqual([200, 200, 200]);
    expect(await sends(await newSession(ctx, strangers[1]!), 3, '192.0.2.72')).toEqual([200, 200, 200]);
    const owner = await newSession(ctx, 'duena-verifica@example.com');
    const [first] = await sends(owner, 1, '192.0.2.73');
    expect(first).toBe(200);
    const code = await latestCodeTo(ctx, phone);
    const verified = await postAs(ctx, owner, '/api/v1/auth/2fa/verifyUserPhoneNumber', {
      phone_number: phone,
      code,
    });
    expect(verified.statusCode).toBe(200);
  }, 90_000);

  it('one account sends at most six verification codes in fifteen minutes over all its phones', async () => {
    const token = await newSession(ctx, 'reparte-codigos@example.com');
    const codes: number[] = [];
    for (const phone of ['56920000001', '56920000002', '56920000003']) {
      for (let attempt = 0; attempt < 3; attempt += 1)
        codes.push((await startVerifying(token, phone, '192.0.2.64')).statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 429, 429, 429]);
  }, 90_000);
});
