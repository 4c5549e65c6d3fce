import { accountTexts } from '@seguridad/contracts/messages';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { codeMatches } from '../../integrations/verification/code-hash';
import type {
  VerificationChannel,
  VerificationProvider,
} from '../../integrations/verification/verification-provider';
import {
  consumeCode,
  countCodesSent,
  countGuess,
  latestOpenCode,
  replaceOpenCode,
  type CodePurpose,
} from './code-queries';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_SENDS_PER_WINDOW = 3;
export const CODE_SEND_WINDOW_MS = 15 * 60 * 1000;
/** Verification sends to one phone from all accounts together, so nobody can flood a stranger. */
export const VERIFY_SENDS_PER_PHONE = 6;
/** Verification sends of one account to all phones together, so one account cannot reach many. */
export const VERIFY_SENDS_PER_ACCOUNT = 6;

/**
 * Sends a new code. Budgets are per account and phone (three in fifteen minutes, each purpose its
 * own), so requests from one account never use up another's sign-in codes. Codes to verify a phone
 * also count per account over all its phones, and share a per-phone ceiling across accounts that
 * never takes an account's first code of the window: strangers who used up the ceiling cannot keep
 * the phone's owner from verifying it (decision 031). A new code replaces the previous one of the
 * same account and purpose, so only the code of the latest request can be used.
 */
export async function sendVerificationCode(
  db: Database,
  provider: VerificationProvider,
  request: { userId: number; phone: string; purpose: CodePurpose; channel: VerificationChannel },
): Promise<void> {
  const since = new Date(Date.now() - CODE_SEND_WINDOW_MS);
  const sent = { phone: request.phone, purpose: request.purpose, since };
  const ownToPhone = await countCodesSent(db, { ...sent, userId: request.userId });
  if (ownToPhone >= CODE_SENDS_PER_WINDOW) {
    throw new AppError(429, 'too_many_codes', accountTexts.codeSendLimit);
  }
  if (request.purpose === 'verify_phone') {
    const ownToAll = await countCodesSent(db, { purpose: request.purpose, since, userId: request.userId });
    const everyoneToPhone = ownToPhone > 0 ? await countCodesSent(db, sent) : 0;
    if (ownToAll >= VERIFY_SENDS_PER_ACCOUNT || everyoneToPhone >= VERIFY_SENDS_PER_PHONE) {
      throw new AppError(429, 'too_many_codes', accountTexts.codeSendLimit);
    }
  }
  const { codeHash } = await provider.send({ phone: request.phone, channel: request.channel });
  await replaceOpenCode(db, {
    userId: request.userId,
    phone: request.phone,
    purpose: request.purpose,
    channel: request.channel,
    codeHash,
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  });
}

/**
 * Checks a code against the latest one sent for this purpose (and phone). Every guess is counted
 * before it is compared, and a right code is consumed atomically, so it works once. Returns the
 * phone it was sent to.
 */
export async function checkVerificationCode(
  db: Database,
  provider: VerificationProvider,
  request: { userId: number; purpose: CodePurpose; code: string; phone?: string },
): Promise<string> {
  const latest = await latestOpenCode(db, request);
  if (!latest) throw new AppError(422, 'code_invalid', accountTexts.codeInvalid);
  if (!(await countGuess(db, latest.id, CODE_MAX_ATTEMPTS))) {
    throw new AppError(429, 'code_attempts_exceeded', accountTexts.codeTooManyAttempts);
  }
  const matches = latest.codeHash
    ? codeMatches(request.code, latest.codeHash)
    : await provider.check({ phone: latest.phone, code: request.code });
  if (!matches) throw new AppError(422, 'code_invalid', accountTexts.codeInvalid);
  const phone = await consumeCode(db, latest.id);
  if (!phone) throw new AppError(422, 'code_invalid', accountTexts.codeInvalid);
  return phone;
}
