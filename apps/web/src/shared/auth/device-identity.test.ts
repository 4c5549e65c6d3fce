import { beforeEach, describe, expect, it } from 'vitest';
import { UNKNOWN_DEVICE_NAME } from '@seguridad/contracts/helpers/user-agent';
import { describeUserAgent, getDeviceId, getDeviceIdentity } from './device-identity';

describe('describeUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      {
        name: 'Chrome en Android',
        brand: 'Samsung',
        model: 'SM-S918B',
        system: 'Android',
        system_version: '14',
      },
    ],
    [
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      { name: 'Chrome en Android', system: 'Android', system_version: '10' },
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      { name: 'Safari en iOS', brand: 'Apple', model: 'iPhone', system: 'iOS', system_version: '17.5' },
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      { name: 'Safari en macOS', brand: 'Apple', model: 'Mac', system: 'macOS', system_version: '10.15.7' },
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0',
      { name: 'Edge en Windows', model: 'Computador', system: 'Windows', system_version: '10' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      {
        name: 'Samsung Internet en Android',
        brand: 'Samsung',
        model: 'SM-S918B',
        system: 'Android',
        system_version: '14',
      },
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
      { name: 'Firefox en Linux', model: 'Computador', system: 'Linux' },
    ],
  ])('%s', (userAgent, expected) => {
    const described = describeUserAgent(userAgent);
    expect(Object.fromEntries(Object.entries(described).filter(([, value]) => value !== undefined))).toEqual(
      expected,
    );
  });

  it('names what it cannot tell as the server does, and says nothing more', () => {
    expect(describeUserAgent('')).toEqual({
      name: UNKNOWN_DEVICE_NAME,
      brand: undefined,
      model: undefined,
      system: undefined,
      system_version: undefined,
    });
  });
});

describe('getDeviceIdentity', () => {
  beforeEach(() => window.localStorage.clear());

  it('keeps one random id per browser', () => {
    const first = getDeviceId();
    expect(first.length).toBeGreaterThanOrEqual(8);
    expect(getDeviceId()).toBe(first);
    expect(getDeviceIdentity().id).toBe(first);
    window.localStorage.clear();
    expect(getDeviceId()).not.toBe(first);
  });
});
