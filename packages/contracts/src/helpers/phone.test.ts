import { describe, expect, it } from 'vitest';
import { maskPhone } from './phone';

describe('maskPhone', () => {
  it('keeps the mobile prefix and the last three digits of a Chilean mobile', () => {
    expect(maskPhone('+56912345678')).toBe('+569 **** *678');
  });

  it('never shows more than the last three digits of other numbers', () => {
    const masked = maskPhone('221234567');
    expect(masked.endsWith('567')).toBe(true);
    expect(masked.replace(/\D/g, '')).toBe('567');
  });

  it('hides short inputs entirely', () => {
    expect(maskPhone('12345')).toBe('*****');
  });
});
