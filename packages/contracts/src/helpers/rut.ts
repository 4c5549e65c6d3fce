import { z } from 'zod';

/**
 * The Chilean RUT (rol único tributario): a body of up to 8 digits and a check digit (0-9 or K),
 * computed with modulo 11. One rule for the form and the server; the database stores the
 * canonical form `12345678-5` (no dots, upper-case K).
 */

/** Digits and K only, upper-cased: '12.345.678-k' → '12345678K'. */
export function cleanRut(input: string): string {
  return input.replace(/[^0-9kK]/g, '').toUpperCase();
}

/** The check digit of a RUT body ('12345678' → '5'). */
export function rutCheckDigit(body: string): string {
  let sum = 0;
  let factor = 2;
  for (let index = body.length - 1; index >= 0; index -= 1) {
    sum += Number(body[index]) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const rest = 11 - (sum % 11);
  if (rest === 11) return '0';
  if (rest === 10) return 'K';
  return String(rest);
}

export function isValidRut(input: string): boolean {
  const clean = cleanRut(input);
  // The K may only be the check digit; bodies run from 1.000.000 (7 digits) to 99.999.999.
  if (!/^\d{7,8}[0-9K]$/.test(clean)) return false;
  return rutCheckDigit(clean.slice(0, -1)) === clean.slice(-1);
}

/** How the form shows a RUT while it is typed: '123456785' → '12.345.678-5'. */
export function formatRut(input: string): string {
  const clean = cleanRut(input).slice(0, 9);
  if (clean.length <= 1) return clean;
  const body = clean.slice(0, -1).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${body}-${clean.slice(-1)}`;
}

/** The stored form: '12.345.678-5' → '12345678-5'. */
export function canonicalRut(input: string): string {
  const clean = cleanRut(input);
  return `${clean.slice(0, -1)}-${clean.slice(-1)}`;
}

/** An optional RUT field: empty means none; otherwise valid, and parsed to the stored form. */
export function optionalRutSchema(message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(20, message)
    .refine((value) => value === '' || isValidRut(value), message)
    .transform((value) => (value === '' ? null : canonicalRut(value)));
}
