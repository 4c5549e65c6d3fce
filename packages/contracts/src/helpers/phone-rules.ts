/**
 * Chilean phone numbers, one rule for both ends, without zod: the constants every page loads
 * read them, and the form schemas (in `phone.ts`) build on them. The database stores E.164 only: `+569XXXXXXXX`
 * for mobiles, `+56` and nine digits for any other Chilean number.
 */

export const MOBILE_E164_PREFIX = '+569';
export const CHILE_E164_PREFIX = '+56';
/** The digits a person types after `+569`. */
export const MOBILE_LOCAL_DIGITS = 8;
/** The digits after `+56` of a Chilean number (8 for the few old landline numbers still sent). */
export const CHILE_NATIONAL_DIGITS = { min: 8, max: 9 } as const;

/** What people put between digits: spaces, dashes, dots, brackets. */
const SEPARATORS = /[\s().-]/g;

/**
 * A Chilean mobile as people type it ('+56 9 1234 5678', '56912345678', '9 1234 5678',
 * '12345678') in E.164, or undefined when it is not one.
 */
export function parseMobilePhone(input: string): string | undefined {
  const compact = input.replace(SEPARATORS, '');
  const match = /^(?:\+?56)?9?(\d{8})$/.exec(compact);
  if (!match) return undefined;
  // Eight bare digits are the part after +569; longer forms must carry the 9.
  const hasNine = /^(?:\+?56)?9\d{8}$/.test(compact);
  if (compact.length > MOBILE_LOCAL_DIGITS && !hasNine) return undefined;
  return `${MOBILE_E164_PREFIX}${match[1]}`;
}

/** Any Chilean number written with its country code ('+56 2 2123 4567'), in E.164. */
export function parseChileanPhone(input: string): string | undefined {
  const compact = input.replace(SEPARATORS, '');
  const { min, max } = CHILE_NATIONAL_DIGITS;
  const match = new RegExp(`^\\+?56(\\d{${min},${max}})$`).exec(compact);
  return match ? `${CHILE_E164_PREFIX}${match[1]}` : undefined;
}

/** The E.164 form of the 8 digits typed after a fixed `+569`. */
export function mobileFromLocalDigits(digits: string): string {
  return `${MOBILE_E164_PREFIX}${digits}`;
}

export function isMobileE164(phone: string): boolean {
  return /^\+569\d{8}$/.test(phone);
}

/** A stored phone for reading: '+56912345678' → '+56 9 1234 5678'. */
export function formatPhone(phone: string): string {
  const mobile = /^\+569(\d{4})(\d{4})$/.exec(phone);
  if (mobile) return `+56 9 ${mobile[1]} ${mobile[2]}`;
  return phone;
}

/**
 * Masks a phone for public display, keeping the country prefix and the last three digits:
 * '+56912345678' → '+569 **** *678'. Anything too short to mask safely is fully hidden.
 */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 7) return '*'.repeat(Math.max(digits.length, 4));
  const visibleTail = digits.slice(-3);
  const prefix = digits.startsWith('569') && digits.length === 11 ? '+569 ' : '';
  const hiddenCount = digits.length - visibleTail.length - (prefix ? 3 : 0);
  const hidden = '*'.repeat(hiddenCount);
  return `${prefix}${hidden.slice(0, 4)} ${hidden.slice(4)}${visibleTail}`.replace(/\s+/g, ' ');
}

/**
 * The profile's phone (spec §5 "Account phone": digits only, up to 11) as stored: E.164 when the
 * digits read as a Chilean number ('56912345678', '912345678', '12345678' for a mobile's local
 * part), otherwise the digits as typed (a number we cannot place). Empty stays empty.
 */
export function storedProfilePhone(digits: string): string | null {
  if (digits === '') return null;
  return parseChileanPhone(`+${digits}`) ?? parseMobilePhone(digits) ?? digits;
}

/** A stored profile phone as the form shows and edits it: digits only ('+56912345678' → '56912345678'). */
export function profilePhoneDigits(stored: string | null): string | null {
  return stored === null ? null : stored.replace(/\D/g, '');
}
