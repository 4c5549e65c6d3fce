import { z } from 'zod';
import { databaseIdValueSchema } from './ids';
import { ACCOUNT_PHONE_MAX_DIGITS, REAUTH_ERRORS } from '../constants';
import { optionalRutSchema } from '../helpers/rut';
import { validationMessages as v } from '../messages';
import { okResponseSchema } from './auth';
import { apiRoute } from './api-route';

/**
 * The settings area (spec §2 Settings, §3 Settings user and Device, §7 App API): profile, devices,
 * sessions, the security log and the camera-sharing choice. Two-step setup reuses `http/auth`.
 */

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => (value === '' ? null : value));

/**
 * The text fields of `POST /api/v1/user/update` (multipart, with an optional `avatar` file). Only
 * these are read: role, company, verification flags, spins or ids sent along are ignored.
 */
export const profileUpdateFieldsSchema = z.object({
  name: z.string({ error: v.required }).trim().min(1, v.required).max(80),
  lastname: z.string({ error: v.required }).trim().min(1, v.required).max(80),
  /** Digits only, up to 11 (spec §5 "Account phone"); empty clears it. */
  phone: z
    .string()
    .trim()
    .regex(/^\d*$/, v.digitsOnly)
    .max(ACCOUNT_PHONE_MAX_DIGITS, v.digitsOnly)
    .default('')
    .transform((value) => (value === '' ? null : value)),
  rut: z.string().default('').pipe(optionalRutSchema(v.rutInvalid)),
  address: z.string().default('').pipe(optionalText(200)),
});
export type ProfileUpdateFields = z.infer<typeof profileUpdateFieldsSchema>;
/** What the form holds before parsing (the RUT as formatted while typed). */
export type ProfileFormValues = z.input<typeof profileUpdateFieldsSchema>;

/** Avatar images the server accepts, checked by their first bytes, never by name or header. */
export const AVATAR_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Who may see the user's WiFi cameras (spec §6: the principal user decides). */
export const cameraSharingSchema = z.object({
  share_with_network: z.boolean(),
  share_with_operators: z.boolean(),
});
export type CameraSharing = z.infer<typeof cameraSharingSchema>;

export const updateCameraSharingBodySchema = cameraSharingSchema;

/** `GET /api/v1/user/settings`: what the settings page shows beyond `user/info`. */
export const userSettingsResponseSchema = z.object({
  code: z.literal(200),
  camera_sharing: cameraSharingSchema,
  /** True while the account has no confirmed phone nor authenticator app: the page shows the two-step banner. */
  two_factor_pending: z.boolean(),
});
export type UserSettingsResponse = z.infer<typeof userSettingsResponseSchema>;

export const settingsDeviceSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  system: z.string().nullable(),
  system_version: z.string().nullable(),
  config: z.object({ fixed_to_panel: z.boolean() }),
  last_seen_at: z.string(),
  /** The device of the session making the request. */
  current: z.boolean(),
});
export type SettingsDevice = z.infer<typeof settingsDeviceSchema>;

export const devicesResponseSchema = z.object({
  code: z.literal(200),
  devices: z.array(settingsDeviceSchema),
});
export type DevicesResponse = z.infer<typeof devicesResponseSchema>;

export const updateDeviceConfigBodySchema = z.object({
  device_id: databaseIdValueSchema,
  fixed_to_panel: z.boolean(),
});
export const deleteDeviceBodySchema = z.object({ device_id: databaseIdValueSchema });

export const activeSessionSchema = z.object({
  id: z.number().int(),
  /** "Chrome en Linux", from the user agent; the device's name when the app sent one. */
  device: z.string(),
  browser: z.string().nullable(),
  system: z.string().nullable(),
  /** Approximate place when known (a region or city); null otherwise. */
  place: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string(),
  /** The session making the request ("esta sesión"). */
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

export const sessionsResponseSchema = z.object({
  code: z.literal(200),
  sessions: z.array(activeSessionSchema),
});
export type SessionsResponse = z.infer<typeof sessionsResponseSchema>;

export const revokeSessionBodySchema = z.object({ session_id: databaseIdValueSchema });

export const securityEventKinds = [
  'sign_in',
  'password_changed',
  'phone_added',
  'phone_removed',
  'session_revoked',
  'all_sessions_revoked',
  'device_removed',
  'account_reset_requested',
  'authenticator_added',
  'authenticator_removed',
  'recovery_codes_regenerated',
  'recovery_code_used',
] as const;
export type SecurityEventKind = (typeof securityEventKinds)[number];

export const securityEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(securityEventKinds),
  /** What it concerns, for a person: "Chrome en Linux", "+569 **** *678". */
  detail: z.string().nullable(),
  created_at: z.string(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;

export const securityLogResponseSchema = z.object({
  code: z.literal(200),
  events: z.array(securityEventSchema),
});
export type SecurityLogResponse = z.infer<typeof securityLogResponseSchema>;

/** The `error` names of the 403s that ask for the current password (see `REAUTH_ERRORS`). */
export const reauthErrors = REAUTH_ERRORS;

/** The two-step setup form's phone (spec §5): digits only, exactly 11, country code included. */
export const twoFactorPhoneFieldSchema = z
  .string({ error: v.phoneElevenDigits })
  .regex(/^\d{11}$/, v.phoneElevenDigits);

/** The settings page: sessions, security log, devices, profile and avatar. */
export const settingsApi = {
  sessions: apiRoute('GET', '/api/v1/auth/sessions', 'user', { response: sessionsResponseSchema }),
  revokeSession: apiRoute('POST', '/api/v1/auth/sessions/revoke', 'user', {
    body: revokeSessionBodySchema,
    response: okResponseSchema,
  }),
  securityLog: apiRoute('GET', '/api/v1/auth/securityLog', 'user', { response: securityLogResponseSchema }),
  devices: apiRoute('GET', '/api/v1/devices/getUserDevices', 'user', { response: devicesResponseSchema }),
  updateDeviceConfig: apiRoute('POST', '/api/v1/devices/updateDeviceConfig', 'user', {
    body: updateDeviceConfigBodySchema,
    response: okResponseSchema,
  }),
  deleteDevice: apiRoute('POST', '/api/v1/devices/deleteDevice', 'user', {
    body: deleteDeviceBodySchema,
    response: okResponseSchema,
  }),
  updateProfile: apiRoute('POST', '/api/v1/user/update', 'user', { response: okResponseSchema }),
  avatar: apiRoute('GET', '/api/v1/user/avatar/:token', 'public'),
  userSettings: apiRoute('GET', '/api/v1/user/settings', 'user', { response: userSettingsResponseSchema }),
  updateCameraSharing: apiRoute('POST', '/api/v1/user/updateCameraSharing', 'user', {
    body: cameraSharingSchema,
    response: okResponseSchema,
  }),
} as const;
