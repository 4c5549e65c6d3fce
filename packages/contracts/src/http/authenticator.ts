import { z } from 'zod';
import { AUTHENTICATOR, PASSWORD_MAX_LENGTH } from '../constants';
import { validationMessages as v } from '../messages';
import { twoStepTexts } from '../messages/two-step';
import { accountEmailSchema, deviceInfoSchema } from './auth';
import { loginResponseSchema, okResponseSchema } from './auth';
import { apiRoute } from './api-route';

/**
 * Two-step sign-in with an authenticator app (TOTP, RFC 6238) and its one-time recovery codes
 * (decision 054). Enrolling: `start` (password asked again) gives the secret, `confirm` with one
 * current code turns it on and answers the recovery codes, once. Signing in: the login answers
 * `2fa_authenticator: true`, then `confirmLogin` (a code) or `recoveryLogin` (a recovery code).
 */

/** The 6 digits the app shows. */
export const authenticatorCodeSchema = z
  .string({ error: v.codeSixDigits })
  .trim()
  .regex(/^\d+$/, v.codeSixDigits)
  .length(AUTHENTICATOR.digits, v.codeSixDigits);

/** Letters and digits of recovery codes: no 0/O, 1/I/L, so a code copied by hand reads back. */
export const RECOVERY_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** 'k7m2q-x9pld', 'K7M2Q X9PLD' → 'K7M2QX9PLD': the one form the server hashes. */
export function normalRecoveryCode(written: string): string {
  return written.replace(/[\s-]/g, '').toUpperCase();
}

/** 'K7M2QX9PLD' → 'K7M2Q-X9PLD', as the page shows it. */
export function groupedRecoveryCode(code: string): string {
  const half = Math.ceil(code.length / 2);
  return `${code.slice(0, half)}-${code.slice(half)}`;
}

export const recoveryCodeSchema = z
  .string({ error: twoStepTexts.recoveryCodeFormat })
  .max(40, twoStepTexts.recoveryCodeFormat)
  .transform(normalRecoveryCode)
  .pipe(
    z
      .string()
      .length(AUTHENTICATOR.recoveryCodeLength, twoStepTexts.recoveryCodeFormat)
      .regex(new RegExp(`^[${RECOVERY_CODE_ALPHABET}]+$`), twoStepTexts.recoveryCodeFormat),
  );

/** A base32 secret, '4 letters, space' at a time, so a person can type it into the app. */
export function groupedSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/** The current password, asked again for every change (decision 031), as for the two-step phones. */
const reauthPasswordSchema = z.string().max(PASSWORD_MAX_LENGTH).optional();

export const authenticatorStatusResponseSchema = z.object({
  code: z.literal(200),
  /** A confirmed app: sign-in asks for its code. */
  enabled: z.boolean(),
  recovery_codes_left: z.number().int(),
  /** False when no SMS provider is configured: adding a phone would send a code nobody receives. */
  sms_available: z.boolean(),
});
export type AuthenticatorStatusResponse = z.infer<typeof authenticatorStatusResponseSchema>;

export const startAuthenticatorBodySchema = z.object({ password: reauthPasswordSchema });

export const startAuthenticatorResponseSchema = z.object({
  code: z.literal(200),
  /** Base32, as the app asks for it when typed by hand. */
  secret: z.string(),
  /** `otpauth://totp/…`, what the QR code holds. */
  otpauth_uri: z.string(),
  expires_at: z.string(),
});
export type StartAuthenticatorResponse = z.infer<typeof startAuthenticatorResponseSchema>;

export const confirmAuthenticatorBodySchema = z.object({ code: authenticatorCodeSchema });

/** The recovery codes, shown once: the server keeps only their hashes. */
export const recoveryCodesResponseSchema = z.object({
  code: z.literal(200),
  message: z.string(),
  recovery_codes: z.array(z.string()),
});
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

export const authenticatorReauthBodySchema = z.object({ password: reauthPasswordSchema });

const pendingLoginFields = {
  email: accountEmailSchema,
  password: z.string({ error: v.required }).min(1, v.required).max(PASSWORD_MAX_LENGTH, v.passwordTooLong),
  device: deviceInfoSchema.optional(),
};

export const authenticatorLoginBodySchema = z.object({
  ...pendingLoginFields,
  code: authenticatorCodeSchema,
});
export const recoveryCodeLoginBodySchema = z.object({
  ...pendingLoginFields,
  recovery_code: recoveryCodeSchema,
});

export const authenticatorApi = {
  status: apiRoute('GET', '/api/v1/auth/2fa/authenticator', 'user', {
    response: authenticatorStatusResponseSchema,
  }),
  start: apiRoute('POST', '/api/v1/auth/2fa/authenticator/start', 'user', {
    body: startAuthenticatorBodySchema,
    response: startAuthenticatorResponseSchema,
  }),
  confirm: apiRoute('POST', '/api/v1/auth/2fa/authenticator/confirm', 'user', {
    body: confirmAuthenticatorBodySchema,
    response: recoveryCodesResponseSchema,
  }),
  disable: apiRoute('POST', '/api/v1/auth/2fa/authenticator/disable', 'user', {
    body: authenticatorReauthBodySchema,
    response: okResponseSchema,
  }),
  regenerateRecoveryCodes: apiRoute('POST', '/api/v1/auth/2fa/authenticator/recoveryCodes', 'user', {
    body: authenticatorReauthBodySchema,
    response: recoveryCodesResponseSchema,
  }),
  confirmLogin: apiRoute('POST', '/api/v1/auth/2fa/confirmAuthenticatorLogin', 'public', {
    body: authenticatorLoginBodySchema,
    response: loginResponseSchema,
  }),
  recoveryLogin: apiRoute('POST', '/api/v1/auth/2fa/confirmRecoveryCodeLogin', 'public', {
    body: recoveryCodeLoginBodySchema,
    response: loginResponseSchema,
  }),
} as const;
