import { describe, expect, it } from 'vitest';
import { canonicalRut, formatRut, isValidRut, optionalRutSchema, rutCheckDigit } from './rut';

describe('Chilean RUT', () => {
  it('computes the check digit with modulo 11, including 0 and K', () => {
    expect(rutCheckDigit('12345678')).toBe('5');
    expect(rutCheckDigit('11111111')).toBe('1');
    expect(rutCheckDigit('10000013')).toBe('K');
    expect(rutCheckDigit('22222223')).toBe('0');
  });

  it('accepts valid RUTs however they are written', () => {
    expect(isValidRut('12.345.678-5')).toBe(true);
    expect(isValidRut('123456785')).toBe(true);
    expect(isValidRut('10000013-k')).toBe(true);
    expect(isValidRut('7.654.321-6')).toBe(true);
  });

  it('refuses a wrong check digit, a K in the body and too few digits', () => {
    expect(isValidRut('12.345.678-9')).toBe(false);
    expect(isValidRut('1234K678-5')).toBe(false);
    expect(isValidRut('12345-5')).toBe(false);
    expect(isValidRut('')).toBe(false);
  });

  it('formats as typed and stores without dots', () => {
    expect(formatRut('1')).toBe('1');
    expect(formatRut('123')).toBe('12-3');
    expect(formatRut('123456785')).toBe('12.345.678-5');
    expect(formatRut('10000013k')).toBe('10.000.013-K');
    expect(canonicalRut('12.345.678-5')).toBe('12345678-5');
  });

  it('parses an optional field: empty is null, invalid carries the message', () => {
    const schema = optionalRutSchema('Rut no válido');
    expect(schema.parse('')).toBeNull();
    expect(schema.parse('12.345.678-5')).toBe('12345678-5');
    const result = schema.safeParse('12.345.678-9');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Rut no válido');
  });
});
