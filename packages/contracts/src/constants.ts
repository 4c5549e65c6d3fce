import {
  CHILE_E164_PREFIX,
  CHILE_NATIONAL_DIGITS,
  MOBILE_E164_PREFIX,
  MOBILE_LOCAL_DIGITS,
} from './helpers/phone-rules';

/** Business constants and limits of spec §9, in one place for the web app and the server. */

/** Header that every public widget call carries (spec §7, company service API). */
export const COMPANY_KEY_HEADER = 'company-key';

/**
 * The company key the seed gives the call centre outside production, and the website's default:
 * one value, so a fresh checkout's site and server agree. Production sets its own (it is public).
 */
export const DEMO_COMPANY_KEY = 'pk_demo_3f9c2a7e5b8d41a6c0e2';

export const HTTP_TIMEOUT_MS = 10_000;
export const UPLOAD_TIMEOUT_MS = 60 * 60 * 1000;

/** How long notices stay and how long flows wait before moving on (spec §9). */
export const DELAYS_MS = {
  videoMailNotice: 5_000,
  contactNotice: 3_000,
  endOfCallClose: 5_000,
  autovideoOpen: 1_000,
  signupAutoLogin: 3_000,
  invalidResetTokenRedirect: 6_000,
  postResetRedirect: 4_000,
  accountDeletedDialog: 2_000,
  alertHide: 3_000,
  postSecurityActionRedirect: 3_000,
} as const;

export const VIDEO_MAIL_MESSAGE_MAX = 360;
/** Phone rules live in `helpers/phone.ts`; these names stay for the forms that use them. */
export const PHONE_PREFIX_VIDEO_MAIL = CHILE_E164_PREFIX;
export const PHONE_PREFIX_MOBILE = MOBILE_E164_PREFIX;
export const PROMO_PHONE_DIGITS = MOBILE_LOCAL_DIGITS;
/** +56 then a mobile (9 + 8 digits) or a landline (9 digits): the contract also accepts 8. */
export const VIDEO_MAIL_PHONE_DIGITS = CHILE_NATIONAL_DIGITS.max;
export const VERIFICATION_CODE_DIGITS = 6;

/** A session unused this long ends, and none outlives the absolute lifetime (docs/decisions/010-auth-data-layer-and-throttling.md). */
export const SESSION_IDLE_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_TTL_MS = 180 * 24 * 60 * 60 * 1000;
/** `last_used_at` is written at most this often per session, not on every call. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;
export const VERIFICATION_TYPE = { sms: 1, whatsapp: 2 } as const;

/**
 * Two-step sign-in with an authenticator app (TOTP, RFC 6238; decision 054): what the app shows
 * (6 digits, a new code every 30 s), how many steps either side of now a code is still taken (1:
 * the clocks of phone and server may differ by up to half a minute), how long an enrolment waits
 * for its first code, and how many one-time recovery codes the owner is shown.
 */
export const AUTHENTICATOR = {
  digits: 6,
  periodSeconds: 30,
  windowSteps: 1,
  enrolmentTtlMinutes: 10,
  recoveryCodeCount: 10,
  /** Letters and digits of a recovery code, written in two groups of five (e.g. 'K7M2Q-X9PLD'). */
  recoveryCodeLength: 10,
} as const;

export const RECORDING_MIME_TYPE = 'video/webm;codecs=vp8';
export const VIDEO_CONSTRAINTS = {
  width: { min: 640, ideal: 1280, max: 1920 },
  height: { min: 480, ideal: 720, max: 1080 },
} as const;
export const DEFAULT_RECORDING_TYPE = 1;

export const DRAWER_WIDTH_PX = { desktop: 320, mobile: 260, expanded: 1200 } as const;

export const DEFAULT_PLAN_ID = 1;
export const DEFAULT_MONTHS_PAID = 6;
export const DEFAULT_PRODUCT_ID = 1;
export const DEFAULT_QTY = 1;
export const CURRENCY = 'CLP';
export const CHILE_COUNTRY_ID = 81;

/** Flow's payment statuses, as `orderStatus.status` carries them (spec §3: 2 means paid). */
export const FLOW_STATUS = { pending: 1, paid: 2, rejected: 3, cancelled: 4 } as const;

export const PLAN_BASICO = { id: 1, name: 'Plan Básico', yearlyPriceClp: 149_990 } as const;
export const PLAN_PREMIUM_YEARLY_PRICE_CLP = 349_990;

export const PASSWORD_MIN_LENGTH = 8;
/** Long passphrases must fit; the upper bound only protects the hash function from huge inputs. */
export const PASSWORD_MAX_LENGTH = 128;
export const MINIMUM_AGE = 18;
export const SECURITY_NETWORK_MAX_PEOPLE = 5;
/** How long an e-mailed network invitation link stays usable. */
export const NETWORK_INVITATION_TTL_DAYS = 30;
/** Account phone in the profile: digits only, up to 11 (spec §5). */
export const ACCOUNT_PHONE_MAX_DIGITS = 11;
/** Largest avatar image accepted. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/**
 * The `error` names of the 403s that ask for the current password. Unlike other 403s they leave
 * the session alone: the client keeps its token and asks the person for the password.
 */
export const REAUTH_ERRORS = {
  passwordRequired: 'password_required',
  passwordWrong: 'password_wrong',
} as const;
/**
 * The 403 of an action that needs a proven e-mail (accepting an invitation, decision 039): the
 * session stays, and the page offers "Reenviar enlace".
 */
export const EMAIL_UNVERIFIED_ERROR = 'email_unverified';
/**
 * How far back the settings page's security log reaches, and how long it is kept: the privacy
 * policy's 12 months (decision 034; the retention table states it and the job enforces it too).
 */
export const SECURITY_LOG_RETENTION_DAYS = 365;
export const DELETE_ACCOUNT_PHRASE = 'eliminar mi cuenta';

export const DRAW = {
  eligibleRegistrants: 1000,
  cameras: 50,
  invitationsRequired: 3,
  publishedWinners: 20,
} as const;

export const TABLE_ROWS_PER_PAGE = 5;

export const WHEEL = {
  sections: 10,
  degreesPerSection: 36,
  spinMs: 5_000,
  resultDelayMs: 6_000,
  extraTurns: 3,
  /** Spins a promo sign-up (a sign-up that carries a phone) grants. */
  promoSignupAttempts: 1,
  /** Spins the demo citizen starts with, so a newcomer can try the wheel at once. */
  demoCitizenAttempts: 3,
} as const;

/** What a wheel section gives (spec §3 "Wheel option"). */
export const WHEEL_PRIZES = ['camera', 'opportunities', 'new_spin'] as const;
export type WheelPrize = (typeof WHEEL_PRIZES)[number];

/** Scroll-reveal presets of spec §9: the default rises 40 px with a fade; slide-ins travel 100 px. */
export const REVEAL_PRESETS = {
  fadeUp: { distancePx: 40, durationMs: 500 },
  slideLeft: { distancePx: 100, durationMs: 1_000 },
  slideRight: { distancePx: 100, durationMs: 1_000 },
} as const;
export type RevealPreset = keyof typeof REVEAL_PRESETS;

/** Responsive breakpoints of spec §9 (inclusive pixel ranges). */
export const BREAKPOINTS = {
  tiny: { min: 0, max: 479 },
  small: { min: 480, max: 767 },
  medium: { min: 768, max: 991 },
  main: { min: 992, max: 10_000 },
} as const;

/** Where the working hours of a company are reckoned. */
export const SERVICE_TIME_ZONE = 'America/Santiago';

/**
 * The silent call's quick exit and quick questions (decision 060). Esc pressed twice within
 * `escapeWindowMs` leaves; with no address of its own a company sends the citizen to the national
 * weather service, a page anyone may have open. A company lists at most `questionsMax` questions.
 */
export const QUICK_EXIT = {
  escapeWindowMs: 1_000,
  defaultUrl: 'https://www.meteochile.gob.cl/',
  urlMax: 500,
  /** Why a call ended when the citizen left with Salida rápida. */
  endReason: 'quick_exit',
} as const;
export const QUICK_QUESTIONS = { max: 12, lengthMax: 120 } as const;

/** How long a call link works before it is opened, and the bounds of a company's setting (decision 061). */
export const CALL_LINK_MINUTES = { default: 15, min: 5, max: 60 } as const;
