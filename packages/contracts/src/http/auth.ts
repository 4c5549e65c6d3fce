import { z } from 'zod';
import { databaseIdValueSchema } from './ids';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PROMO_PHONE_DIGITS,
  VERIFICATION_CODE_DIGITS,
} from '../constants';
import { mobilePhoneSchema } from '../helpers/phone';
import { validationMessages as v } from '../messages';
import { apiRoute } from './api-route';

/** The simple x@y.z form of spec §5 for account e-mails. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const accountEmailSchema = z
  .string({ error: v.accountEmailRequired })
  .trim()
  .min(1, v.accountEmailRequired)
  .max(254, v.accountEmailInvalid)
  .regex(EMAIL_PATTERN, v.accountEmailInvalid);

export const newPasswordSchema = z
  .string({ error: v.passwordMinLength })
  .min(PASSWORD_MIN_LENGTH, v.passwordMinLength)
  .max(PASSWORD_MAX_LENGTH, v.passwordTooLong);

/** Login checks only presence: a wrong password must not reveal the password rules. */
const loginPasswordSchema = z
  .string({ error: v.required })
  .min(1, v.required)
  .max(PASSWORD_MAX_LENGTH, v.passwordTooLong);

export const requiredName = z.string({ error: v.required }).trim().min(1, v.required).max(80, v.required);

/** What a browser or the mobile app says about itself when it signs in. */
export const deviceInfoSchema = z.object({
  /** A random id the client keeps; the same device presents the same id on every login. */
  id: z.string().min(8).max(100).optional(),
  name: z.string().max(100).optional(),
  brand: z.string().max(60).optional(),
  model: z.string().max(60).optional(),
  system: z.string().max(60).optional(),
  system_version: z.string().max(40).optional(),
});
export type DeviceInfo = z.infer<typeof deviceInfoSchema>;

const passwordConfirmationSchema = z
  .string({ error: v.passwordConfirmationRequired })
  .min(1, v.passwordConfirmationRequired);
const passwordsMatch = (body: { password: string; password_confirmation: string }) =>
  body.password === body.password_confirmation;
const mismatch = { message: v.passwordsDoNotMatch, path: ['password_confirmation'] };

export const signupBodySchema = z
  .object({
    name: requiredName,
    lastname: requiredName,
    email: accountEmailSchema,
    share_code: z.string().trim().max(64).optional().nullable(),
    /** The promo variant: the 8 digits after +569. */
    phone: z.string().regex(/^\d*$/, v.digitsOnly).length(PROMO_PHONE_DIGITS, v.digitsOnly).optional(),
    device: deviceInfoSchema.optional(),
    password: newPasswordSchema,
    password_confirmation: passwordConfirmationSchema,
  })
  .refine(passwordsMatch, mismatch);
export type SignupBody = z.infer<typeof signupBodySchema>;

export const loginBodySchema = z.object({
  email: accountEmailSchema,
  password: loginPasswordSchema,
  device: deviceInfoSchema.optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const maskedPhoneSchema = z.object({ id: z.number().int(), phone: z.string() });
export type MaskedPhone = z.infer<typeof maskedPhoneSchema>;

export const userSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  lastname: z.string(),
  email: z.string(),
});

/**
 * Either a session (`access_token`) or, for accounts with confirmed phones or an authenticator
 * app, the second step: the phones (possibly none), whether the app is on, and whether this
 * service can send SMS at all (decision 054).
 */
export const loginResponseSchema = z.object({
  code: z.literal(200),
  access_token: z.string().optional(),
  token_type: z.literal('Bearer').optional(),
  user: userSummarySchema.optional(),
  '2fa_masked_user_phones': z.array(maskedPhoneSchema).optional(),
  /** The account has a confirmed authenticator app: its 6-digit code (or a recovery code) works. */
  '2fa_authenticator': z.boolean().optional(),
  /** False when no SMS provider is configured: the phones are listed, but no code would arrive. */
  '2fa_sms_available': z.boolean().optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const verificationTypeSchema = z.union([z.literal(1), z.literal(2)], { error: v.required });

export const requestTwoFactorCodeBodySchema = z.object({
  email: accountEmailSchema,
  password: loginPasswordSchema,
  phone_id: databaseIdValueSchema,
  type: verificationTypeSchema,
});

export const codeSchema = z
  .string({ error: v.codeSixDigits })
  .regex(/^\d+$/, v.codeSixDigits)
  .length(VERIFICATION_CODE_DIGITS, v.codeSixDigits);

export const confirmTwoFactorLoginBodySchema = z.object({
  email: accountEmailSchema,
  password: loginPasswordSchema,
  code: codeSchema,
  device: deviceInfoSchema.optional(),
});

/** A mobile to verify: '569XXXXXXXX' as the app sends it, or any usual writing; parsed to E.164. */
export const fullPhoneSchema = mobilePhoneSchema(v.phoneElevenDigits);

export const startPhoneVerificationBodySchema = z.object({
  phone_number: fullPhoneSchema,
  type: verificationTypeSchema,
  /**
   * The current password, needed every time (decision 031); without it the server answers 403
   * `password_required` and the page asks for it.
   */
  password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
});
/**
 * Deleting the account asks for the current password again (a session alone is what a thief or
 * an abuser with the phone in hand has too); without it the server answers 403 `password_required`.
 */
export const deleteAccountBodySchema = z.object({
  password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;
export const verifyPhoneBodySchema = z.object({ phone_number: fullPhoneSchema, code: codeSchema });

export const confirmedPhonesResponseSchema = z.object({
  code: z.literal(200),
  masked_user_phones: z.array(maskedPhoneSchema),
});

export const resetRequestBodySchema = z.object({ email: accountEmailSchema });
export const checkTokenBodySchema = z.object({ token: z.string().min(1).max(200) });
/** The code of the mailed e-mail verification link, sent in the body (never in a URL the server logs). */
export const verifyEmailBodySchema = z.object({ code: z.string().min(1).max(200) });
export const resetPasswordBodySchema = z
  .object({
    token: z.string().min(1).max(200),
    password: newPasswordSchema,
    password_confirmation: passwordConfirmationSchema,
    revoke: z.boolean().default(true),
  })
  .refine(passwordsMatch, mismatch);

export const recoveryQuerySchema = z.object({ t: z.string().min(1).max(200) });
export const recoveryBodySchema = z.object({ t: z.string().min(1).max(200) });

export const recoveryDeviceSchema = z.object({
  brand: z.string().nullable(),
  model: z.string().nullable(),
  name: z.string().nullable(),
  system: z.string().nullable(),
});
export const recoveryDataResponseSchema = z.object({
  code: z.literal(200),
  status: z.literal('ok'),
  data: z.object({ device: recoveryDeviceSchema }),
});

/**
 * Adding or removing a two-step phone always needs the current password: a fresh session is what
 * a thief with the password has too (decision 031).
 */
const currentPasswordSchema = z.string().max(128).optional();

export const removePhoneBodySchema = z.object({
  phone_id: databaseIdValueSchema,
  password: currentPasswordSchema,
});

/** The plain success answer of the App API. */
export const okResponseSchema = z.object({ code: z.literal(200), message: z.string() });
export type OkResponse = z.infer<typeof okResponseSchema>;
/** A success answer that has nothing to say (the action shows its own result). */
export const codeResponseSchema = z.object({ code: z.literal(200) });

export const userInfoResponseSchema = z.object({
  code: z.literal(200),
  user: z.object({
    id: z.number().int(),
    email: z.string(),
    /** Whether the mailed link proved the address (decision 039). */
    email_verified: z.boolean(),
    profile: z.object({
      name: z.string(),
      lastname: z.string(),
      phone: z.string().nullable(),
      rut: z.string().nullable(),
      address: z.string().nullable(),
      avatar_link: z.string().nullable(),
    }),
  }),
});
export type UserInfoResponse = z.infer<typeof userInfoResponseSchema>;
export type UserInfo = UserInfoResponse['user'];

/** The account routes: sign-up, login, two-step, password reset, recovery, phones. */
export const authApi = {
  signup: apiRoute('POST', '/api/v1/auth/signup', 'public', {
    body: signupBodySchema,
    response: okResponseSchema,
  }),
  login: apiRoute('POST', '/api/v1/auth/login', 'public', {
    body: loginBodySchema,
    response: loginResponseSchema,
  }),
  requestTwoFactorCode: apiRoute('POST', '/api/v1/auth/2fa/requestTwoFactorAuthCode', 'public', {
    body: requestTwoFactorCodeBodySchema,
    response: okResponseSchema,
  }),
  confirmTwoFactorLogin: apiRoute('POST', '/api/v1/auth/2fa/confirmTwoFACodeLogin', 'public', {
    body: confirmTwoFactorLoginBodySchema,
    response: loginResponseSchema,
  }),
  logout: apiRoute('POST', '/api/v1/auth/logout', 'user', { response: okResponseSchema }),
  revokeAllAccess: apiRoute('DELETE', '/api/v1/auth/revokeAllAccess', 'user', { response: okResponseSchema }),
  accountResetRequest: apiRoute('POST', '/api/v1/auth/accountResetRequest', 'user', {
    response: okResponseSchema,
  }),
  resetPasswordRequest: apiRoute('POST', '/api/v1/auth/resetpassrequest', 'public', {
    body: resetRequestBodySchema,
    response: okResponseSchema,
  }),
  checkResetToken: apiRoute('POST', '/api/v1/auth/checktoken', 'public', {
    body: checkTokenBodySchema,
    response: okResponseSchema,
  }),
  resetPassword: apiRoute('POST', '/api/v1/auth/resetpass', 'public', {
    body: resetPasswordBodySchema,
    response: okResponseSchema,
  }),
  userInfo: apiRoute('GET', '/api/v1/user/info', 'user', { response: userInfoResponseSchema }),
  deleteAccount: apiRoute('POST', '/api/v1/user/deleteUserAccount', 'user', {
    body: deleteAccountBodySchema,
    response: okResponseSchema,
  }),
  confirmedPhones: apiRoute('GET', '/api/v1/auth/2fa/getUserConfirmedPhones', 'user', {
    response: confirmedPhonesResponseSchema,
  }),
  startVerifyPhone: apiRoute('POST', '/api/v1/auth/2fa/startVerifyUserPhoneNumber', 'user', {
    body: startPhoneVerificationBodySchema,
    response: okResponseSchema,
  }),
  verifyPhone: apiRoute('POST', '/api/v1/auth/2fa/verifyUserPhoneNumber', 'user', {
    body: verifyPhoneBodySchema,
    response: okResponseSchema,
  }),
  removePhone: apiRoute('POST', '/api/v1/auth/2fa/removeUserPhone', 'user', {
    body: removePhoneBodySchema,
    response: okResponseSchema,
  }),
  accountRecoveryData: apiRoute('GET', '/api/v1/notifications/getAccountRecoveryData', 'public', {
    query: recoveryQuerySchema,
    response: recoveryDataResponseSchema,
  }),
  accountRecovery: apiRoute('POST', '/api/v1/auth/accountRecovery', 'public', {
    body: recoveryBodySchema,
    response: okResponseSchema,
  }),
  verifyEmail: apiRoute('POST', '/api/v1/auth/verifyEmail', 'public', {
    body: verifyEmailBodySchema,
    response: okResponseSchema,
  }),
  resendEmailVerification: apiRoute('POST', '/api/v1/auth/resendEmailVerification', 'user', {
    response: okResponseSchema,
  }),
} as const;
