import { z } from 'zod';
import { parseChileanPhone, parseMobilePhone } from './phone-rules';

/** The phone rules and, for forms and routes, the zod fields built on them. */
export * from './phone-rules';

/** A field holding a Chilean mobile in any usual writing; parses to E.164. */
export function mobilePhoneSchema(message: string) {
  return z
    .string({ error: message })
    .trim()
    .refine((value) => parseMobilePhone(value) !== undefined, message)
    .transform((value) => parseMobilePhone(value)!);
}

/** A field holding any Chilean number with its country code; parses to E.164. */
export function chileanPhoneSchema(message: string) {
  return z
    .string({ error: message })
    .trim()
    .refine((value) => parseChileanPhone(value) !== undefined, message)
    .transform((value) => parseChileanPhone(value)!);
}
