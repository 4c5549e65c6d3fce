import { describe, expect, it } from 'vitest';
import {
  profilePhoneDigits,
  storedProfilePhone,
  chileanPhoneSchema,
  formatPhone,
  isMobileE164,
  maskPhone,
  mobileFromLocalDigits,
  mobilePhoneSchema,
  parseChileanPhone,
  parseMobilePhone,
} from './phone';

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

describe('parseMobilePhone', () => {
  it.each([
    ['+56912345678', '+56912345678'],
    ['+56 9 1234 5678', '+56912345678'],
    ['56912345678', '+56912345678'],
    ['9 1234-5678', '+56912345678'],
    ['12345678', '+56912345678'],
    ['(+56) 9.1234.5678', '+56912345678'],
  ])('reads %s as %s', (input, e164) => {
    expect(parseMobilePhone(input)).toBe(e164);
  });

  it.each(['', '9123', '+5691234567', '+56212345678', '5621234567', 'uno dos tres', '+569123456789'])(
    'refuses %s',
    (input) => {
      expect(parseMobilePhone(input)).toBeUndefined();
    },
  );
});

describe('parseChileanPhone', () => {
  it('keeps landlines and mobiles with their country code in E.164', () => {
    expect(parseChileanPhone('+56 2 2123 4567')).toBe('+56221234567');
    expect(parseChileanPhone('+5691234567')).toBe('+5691234567');
    expect(parseChileanPhone('221234567')).toBeUndefined();
  });
});

describe('phone schemas and display', () => {
  it('parse to E.164 and answer the given Spanish message', () => {
    const schema = mobilePhoneSchema('El campo debe tener 11 números');
    expect(schema.parse(' 569 1111 2222 ')).toBe('+56911112222');
    const failed = schema.safeParse('9123');
    expect(failed.success).toBe(false);
    expect(failed.error?.issues[0]?.message).toBe('El campo debe tener 11 números');
    expect(chileanPhoneSchema('x').parse('+56 2 2123 4567')).toBe('+56221234567');
  });

  it('formats a mobile for reading and builds E.164 from the typed 8 digits', () => {
    expect(formatPhone('+56912345678')).toBe('+56 9 1234 5678');
    expect(mobileFromLocalDigits('12345678')).toBe('+56912345678');
    expect(isMobileE164('+56912345678')).toBe(true);
    expect(isMobileE164('56912345678')).toBe(false);
  });
});

describe('the profile phone', () => {
  it('is stored in E.164 when the digits read as a Chilean number', () => {
    expect(storedProfilePhone('56912345678')).toBe('+56912345678');
    expect(storedProfilePhone('912345678')).toBe('+56912345678');
    expect(storedProfilePhone('12345678')).toBe('+56912345678');
    expect(storedProfilePhone('56221234567')).toBe('+56221234567');
  });

  it('keeps digits it cannot place as typed, and empty as none', () => {
    expect(storedProfilePhone('4915112')).toBe('4915112');
    expect(storedProfilePhone('')).toBeNull();
  });

  it('is shown as digits only', () => {
    expect(profilePhoneDigits('+56912345678')).toBe('56912345678');
    expect(profilePhoneDigits('4915112')).toBe('4915112');
    expect(profilePhoneDigits(null)).toBeNull();
  });
});
