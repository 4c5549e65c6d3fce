import { randomInt } from 'node:crypto';
import { generateSecret, generateURI, verifySync } from 'otplib';
import { AUTHENTICATOR } from '@seguridad/contracts/constants';
import {
  RECOVERY_CODE_ALPHABET,
  groupedRecoveryCode,
  normalRecoveryCode,
} from '@seguridad/contracts/http/authenticator';
import { twoStepTexts } from '@seguridad/contracts/messages/two-step';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { hashToken } from '../../lib/tokens';
import {
  authenticatorOf,
  replaceRecoveryCodes,
  spendRecoveryCode,
  startEnrolment,
  takeStep,
} from './authenticator-queries';

/**
 * Two-step sign-in with an authenticator app (RFC 6238 through otplib; decision 054):
 *
 *   none --start--> enrolling (secret shown, 10 min) --confirm(code)--> on (+ recovery codes)
 *                       ^ start again replaces it            on --disable(password)--> none
 *
 * Every code taken stores its 30-second step: the same code, or one of an earlier step, is refused
 * afterwards, so a code read over a shoulder is worth nothing once used.
 */

const ENROLMENT_TTL_MS = AUTHENTICATOR.enrolmentTtlMinutes * 60 * 1000;
const totpOptions = { digits: AUTHENTICATOR.digits, period: AUTHENTICATOR.periodSeconds } as const;

/** The step `code` belongs to, within `windowSteps` of now; undefined when it matches none. */
function stepOf(secret: string, code: string, now: Date): number | undefined {
  const result = verifySync({
    ...totpOptions,
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    // Seconds either side of now: one period per step of the window.
    epochTolerance: AUTHENTICATOR.windowSteps * AUTHENTICATOR.periodSeconds,
  });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

/** A new secret for the account, replacing an enrolment in progress; refused while one is on. */
export async function startAuthenticatorEnrolment(
  db: Database,
  user: { id: number; email: string },
  issuer: string,
  now = new Date(),
) {
  const current = await authenticatorOf(db, user.id);
  if (current?.confirmedAt) {
    throw new AppError(409, 'authenticator_already_on', twoStepTexts.authenticatorAlreadyOn);
  }
  const secret = generateSecret();
  if (!(await startEnrolment(db, user.id, secret, now))) {
    // Another request confirmed an app in between.
    throw new AppError(409, 'authenticator_already_on', twoStepTexts.authenticatorAlreadyOn);
  }
  return {
    secret,
    otpauthUri: generateURI({ ...totpOptions, issuer, label: user.email, secret }),
    expiresAt: new Date(now.getTime() + ENROLMENT_TTL_MS),
  };
}

/** Turns the enrolment on with one current code; answers the new recovery codes, shown once. */
export async function confirmAuthenticatorEnrolment(
  db: Database,
  userId: number,
  code: string,
  now = new Date(),
): Promise<string[]> {
  const enrolment = await authenticatorOf(db, userId);
  if (!enrolment) throw new AppError(422, 'enrolment_missing', twoStepTexts.enrolmentMissing);
  if (enrolment.confirmedAt) {
    throw new AppError(409, 'authenticator_already_on', twoStepTexts.authenticatorAlreadyOn);
  }
  if (now.getTime() - enrolment.createdAt.getTime() > ENROLMENT_TTL_MS) {
    throw new AppError(422, 'enrolment_expired', twoStepTexts.enrolmentExpired);
  }
  const step = stepOf(enrolment.secret, code, now);
  if (step === undefined) {
    throw new AppError(422, 'authenticator_code_invalid', twoStepTexts.authenticatorCodeInvalid);
  }
  if (!(await takeStep(db, enrolment.id, step, now))) {
    throw new AppError(422, 'authenticator_code_reused', twoStepTexts.authenticatorCodeReused);
  }
  return issueRecoveryCodes(db, userId);
}

/** Checks a sign-in code against the account's confirmed app, once per step. */
export async function checkAuthenticatorCode(
  db: Database,
  userId: number,
  code: string,
  now = new Date(),
): Promise<void> {
  const app = await authenticatorOf(db, userId);
  if (!app?.confirmedAt) throw new AppError(422, 'authenticator_not_on', twoStepTexts.authenticatorNotOn);
  const step = stepOf(app.secret, code, now);
  if (step === undefined) {
    throw new AppError(422, 'authenticator_code_invalid', twoStepTexts.authenticatorCodeInvalid);
  }
  if (!(await takeStep(db, app.id, step, undefined))) {
    throw new AppError(422, 'authenticator_code_reused', twoStepTexts.authenticatorCodeReused);
  }
}

function newRecoveryCode(): string {
  let code = '';
  for (let index = 0; index < AUTHENTICATOR.recoveryCodeLength; index += 1) {
    code += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
  }
  return code;
}

/**
 * New recovery codes for the account (the previous ones stop working), ~50 bits each from the
 * CSPRNG. Only their SHA-256 is kept, as for session tokens: the owner sees them once.
 */
export async function issueRecoveryCodes(db: Database, userId: number): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < AUTHENTICATOR.recoveryCodeCount) codes.add(newRecoveryCode());
  await replaceRecoveryCodes(
    db,
    userId,
    [...codes].map((code) => hashToken(code)),
  );
  return [...codes].map(groupedRecoveryCode);
}

/** Spends one recovery code in place of the app's code: each works once. */
export async function useRecoveryCode(db: Database, userId: number, written: string): Promise<void> {
  const outcome = await spendRecoveryCode(db, userId, hashToken(normalRecoveryCode(written)));
  if (outcome === 'spent') throw new AppError(422, 'recovery_code_used', twoStepTexts.recoveryCodeUsed);
  if (outcome === 'unknown') {
    throw new AppError(422, 'recovery_code_invalid', twoStepTexts.recoveryCodeInvalid);
  }
}
