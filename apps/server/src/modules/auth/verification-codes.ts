import { and, count, desc, eq, gt, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { accountTexts } from '@seguridad/contracts/messages';
import type { Database } from '../../db/client';
import { verificationCodes } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { codeMatches } from '../../integrations/verification/code-hash';
import type {
  VerificationChannel,
  VerificationProvider,
} from '../../integrations/verification/verification-provider';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_SENDS_PER_WINDOW = 3;
export const CODE_SEND_WINDOW_MS = 15 * 60 * 1000;
/** Verification sends to one phone from all accounts together, so nobody can flood a stranger. */
export const VERIFY_SENDS_PER_PHONE = 6;

type Purpose = 'login' | 'verify_phone';

/**
 * Sends a new code. Budgets are per account and phone (three in fifteen minutes, each purpose its
 * own), so requests from one account never use up another's sign-in codes; codes to verify a
 * phone also share a per-phone ceiling across accounts. A new code replaces the previous one of
 * the same account and purpose, so only the code of the latest request can be used.
 */
export async function sendVerificationCode(
  db: Database,
  provider: VerificationProvider,
  request: { userId: number; phone: string; purpose: Purpose; channel: VerificationChannel },
): Promise<void> {
  const since = new Date(Date.now() - CODE_SEND_WINDOW_MS);
  const recentTo = (...conditions: SQL[]) =>
    db
      .select({ total: count() })
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.phone, request.phone),
          eq(verificationCodes.purpose, request.purpose),
          gt(verificationCodes.createdAt, since),
          ...conditions,
        ),
      )
      .then(([row]) => row?.total ?? 0);
  if ((await recentTo(eq(verificationCodes.userId, request.userId))) >= CODE_SENDS_PER_WINDOW) {
    throw new AppError(429, 'too_many_codes', accountTexts.codeSendLimit);
  }
  if (request.purpose === 'verify_phone' && (await recentTo()) >= VERIFY_SENDS_PER_PHONE) {
    throw new AppError(429, 'too_many_codes', accountTexts.codeSendLimit);
  }
  const { codeHash } = await provider.send({ phone: request.phone, channel: request.channel });
  await db
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(verificationCodes.userId, request.userId),
        eq(verificationCodes.purpose, request.purpose),
        isNull(verificationCodes.consumedAt),
      ),
    );
  await db.insert(verificationCodes).values({
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
 * with one atomic UPDATE before it is compared, so parallel guesses cannot exceed five; a right
 * code is consumed by another atomic UPDATE, so it works once. Returns the phone it was sent to.
 */
export async function checkVerificationCode(
  db: Database,
  provider: VerificationProvider,
  request: { userId: number; purpose: Purpose; code: string; phone?: string },
): Promise<string> {
  const conditions = [
    eq(verificationCodes.userId, request.userId),
    eq(verificationCodes.purpose, request.purpose),
    isNull(verificationCodes.consumedAt),
    gt(verificationCodes.expiresAt, new Date()),
  ];
  if (request.phone) conditions.push(eq(verificationCodes.phone, request.phone));
  const [latest] = await db
    .select()
    .from(verificationCodes)
    .where(and(...conditions))
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  if (!latest) throw new AppError(422, 'code_invalid', accountTexts.codeInvalid);

  const [counted] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, latest.id),
        isNull(verificationCodes.consumedAt),
        lt(verificationCodes.attempts, CODE_MAX_ATTEMPTS),
      ),
    )
    .returning({ attempts: verificationCodes.attempts });
  if (!counted) throw new AppError(429, 'code_attempts_exceeded', accountTexts.codeTooManyAttempts);

  const matches = latest.codeHash
    ? codeMatches(request.code, latest.codeHash)
    : await provider.check({ phone: latest.phone, code: request.code });
  if (!matches) throw new AppError(422, 'code_invalid', accountTexts.codeInvalid);

  const [consumed] = await db
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(verificationCodes.id, latest.id), isNull(verificationCodes.consumedAt)))
    .returning({ phone: verificationCodes.phone });
  if (!consumed) throw new AppError(422, 'code_invalid', accountTexts.codeInvalid);
  return consumed.phone;
}
