import { describe, expect, it } from 'vitest';
import { hasPhoneDigits, normalizePhone, normalizedPhoneField } from './phone-input';

describe('normalizePhone', () => {
  it('keeps the prefix and the digits typed after it', () => {
    expect(normalizePhone('+5691234', '+569', 8)).toBe('+5691234');
  });

  it('restores a prefix the person erased', () => {
    expect(normalizePhone('+56', '+569', 8)).toBe('+569');
    expect(normalizePhone('', '+569', 8)).toBe('+569');
    expect(normalizePhone('+5612345678', '+569', 8)).toBe('+56912345678');
  });

  it('does not double a pasted prefix and drops spaces and dashes', () => {
    expect(normalizePhone('+56 9 1234-5678', '+569', 8)).toBe('+56912345678');
    expect(normalizePhone('+56912345678', '+56', 9)).toBe('+56912345678');
  });

  it('puts the prefix before a number typed without it and stops at the length', () => {
    expect(normalizePhone('123456789', '+569', 8)).toBe('+56912345678');
  });
});

describe('hasPhoneDigits', () => {
  it('is false for the bare prefix (spec §5)', () => {
    expect(hasPhoneDigits('+569', '+569')).toBe(false);
    expect(hasPhoneDigits(' +569 ', '+569')).toBe(false);
    expect(hasPhoneDigits('+5691', '+569')).toBe(true);
  });
});

describe('normalizedPhoneField', () => {
  it('normalizes what is typed before the form hears of it, and keeps the rest of the field', async () => {
    const heard: string[] = [];
    const field = {
      name: 'phone_number',
      onChange: async (event: { target: unknown }) =>
        void heard.push((event.target as HTMLInputElement).value),
    };
    const normalized = normalizedPhoneField(field, '+569', 8);
    const input = { value: '+56 9 1234-5678 99' } as HTMLInputElement;
    await normalized.onChange({ target: input });
    expect(input.value).toBe('+56912345678');
    expect(heard).toEqual(['+56912345678']);
    expect(normalized.name).toBe('phone_number');
  });
});
