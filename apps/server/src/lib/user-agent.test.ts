import { describe, expect, it } from 'vitest';
import { describeUserAgent, summarizeUserAgent } from './user-agent';

const agents = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.56',
  operaMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
};

describe('user agents', () => {
  it.each([
    [agents.chromeWindows, 'Chrome', 'Windows'],
    [agents.edgeWindows, 'Edge', 'Windows'],
    [agents.operaMac, 'Opera', 'macOS'],
    [agents.firefoxLinux, 'Firefox', 'Linux'],
    [agents.safariMac, 'Safari', 'macOS'],
    [agents.safariIphone, 'Safari', 'iOS'],
    [agents.chromeIphone, 'Chrome', 'iOS'],
    [agents.chromeAndroid, 'Chrome', 'Android'],
  ])('names the browser and system of %s', (agent, browser, system) => {
    expect(summarizeUserAgent(agent)).toEqual({ browser, system });
  });

  it('describes what it recognises and says so when it recognises nothing', () => {
    expect(describeUserAgent(agents.firefoxLinux)).toBe('Firefox en Linux');
    expect(describeUserAgent('curl/8.5.0')).toBe('Dispositivo desconocido');
    expect(describeUserAgent(undefined)).toBe('Dispositivo desconocido');
  });
});
