import { describe, expect, it } from 'vitest';
import { parseUserAgent, UNKNOWN_DEVICE_NAME, userAgentName } from './user-agent';

const agents = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.56',
  operaMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  chromePixel:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  chromeSamsung:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  chromeReduced:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  headlessChromeLinux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
  samsungInternet:
    'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
};

describe('parseUserAgent', () => {
  it.each([
    [agents.chromeWindows, 'Chrome', 'Windows'],
    [agents.edgeWindows, 'Edge', 'Windows'],
    [agents.operaMac, 'Opera', 'macOS'],
    [agents.firefoxLinux, 'Firefox', 'Linux'],
    [agents.safariMac, 'Safari', 'macOS'],
    [agents.safariIphone, 'Safari', 'iOS'],
    [agents.chromeIphone, 'Chrome', 'iOS'],
    [agents.chromePixel, 'Chrome', 'Android'],
    [agents.samsungInternet, 'Samsung Internet', 'Android'],
  ])('names the browser and system of %s', (agent, browser, system) => {
    expect(parseUserAgent(agent)).toMatchObject({ browser, system });
  });

  it.each([
    [
      agents.chromeSamsung,
      { browser: 'Chrome', system: 'Android', systemVersion: '14', brand: 'Samsung', model: 'SM-S918B' },
    ],
    [agents.chromeReduced, { browser: 'Chrome', system: 'Android', systemVersion: '10' }],
    [
      agents.samsungInternet,
      {
        browser: 'Samsung Internet',
        system: 'Android',
        systemVersion: '14',
        brand: 'Samsung',
        model: 'SM-S918B',
      },
    ],
    [
      agents.safariIphone,
      { browser: 'Safari', system: 'iOS', systemVersion: '17.5', brand: 'Apple', model: 'iPhone' },
    ],
    [
      agents.safariMac,
      { browser: 'Safari', system: 'macOS', systemVersion: '10.15.7', brand: 'Apple', model: 'Mac' },
    ],
    [agents.edgeWindows, { browser: 'Edge', system: 'Windows', systemVersion: '10', model: 'Computador' }],
    [agents.firefoxLinux, { browser: 'Firefox', system: 'Linux', model: 'Computador' }],
  ])('reads the hardware and system version of %s', (agent, expected) => {
    expect(parseUserAgent(agent)).toEqual(expected);
  });

  it('names headless Chrome as Chrome', () => {
    expect(userAgentName(agents.headlessChromeLinux)).toBe('Chrome en Linux');
  });

  it('says nothing it cannot tell', () => {
    expect(parseUserAgent('')).toEqual({});
    expect(parseUserAgent(null)).toEqual({});
    expect(parseUserAgent('curl/8.5.0')).toEqual({});
  });
});

describe('userAgentName', () => {
  it('names what it recognises, and falls back to one name for everything else', () => {
    expect(userAgentName(agents.firefoxLinux)).toBe('Firefox en Linux');
    expect(userAgentName(agents.samsungInternet)).toBe('Samsung Internet en Android');
    expect(userAgentName('Mozilla/5.0 (Linux; Android 14)')).toBe('Android');
    expect(userAgentName('curl/8.5.0')).toBe(UNKNOWN_DEVICE_NAME);
    expect(userAgentName(undefined)).toBe('Dispositivo desconocido');
  });
});
