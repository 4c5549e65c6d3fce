/**
 * One reading of a user agent for both ends: the web describes itself with it when it signs in,
 * and the server with it when a session or device came without a name. Deliberately small: the
 * families people know, in the order that matters (Edge, Opera and Samsung Internet say "Chrome"
 * too, Chrome says "Safari", every iPhone browser says "Safari").
 */
export type ParsedUserAgent = {
  browser?: string;
  system?: string;
  systemVersion?: string;
  brand?: string;
  model?: string;
};

/** What a device is called when its user agent says nothing a person would recognise. */
export const UNKNOWN_DEVICE_NAME = 'Dispositivo desconocido';

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  // Headless Chrome (kiosks, automated checks) is Chrome too.
  [/\b(?:Headless)?Chrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

function detectSystem(userAgent: string): { system: string; version?: string } | undefined {
  const dotted = (raw: string | undefined) => raw?.replace(/_/g, '.');
  let match = /(?:iPhone|iPad|iPod).*? OS (\d+(?:[._]\d+)*)/.exec(userAgent);
  if (match) return { system: 'iOS', version: dotted(match[1]) };
  if (/\biPhone\b|\biPad\b|\biPod\b/.test(userAgent)) return { system: 'iOS' };
  match = /Android (\d+(?:\.\d+)*)/.exec(userAgent);
  if (match) return { system: 'Android', version: match[1] };
  if (/\bAndroid\b/.test(userAgent)) return { system: 'Android' };
  match = /Windows NT (\d+\.\d+)/.exec(userAgent);
  if (match) return { system: 'Windows', version: match[1] === '10.0' ? '10' : match[1] };
  if (/\bWindows\b/.test(userAgent)) return { system: 'Windows' };
  match = /Mac OS X (\d+(?:[._]\d+)*)/.exec(userAgent);
  if (match) return { system: 'macOS', version: dotted(match[1]) };
  if (/\bMac OS X\b|\bMacintosh\b/.test(userAgent)) return { system: 'macOS' };
  match = /CrOS \S+ (\d+(?:\.\d+)*)/.exec(userAgent);
  if (match) return { system: 'ChromeOS', version: match[1] };
  if (/\bCrOS\b/.test(userAgent)) return { system: 'ChromeOS' };
  if (/\bLinux\b|\bX11\b/.test(userAgent)) return { system: 'Linux' };
  return undefined;
}

const ANDROID_BRANDS: [RegExp, string][] = [
  [/^(SAMSUNG|SM-|GT-|Galaxy)/i, 'Samsung'],
  [/^Pixel/i, 'Google'],
  [/^(Redmi|Mi |POCO|M\d{4})/i, 'Xiaomi'],
  [/^(moto|XT\d)/i, 'Motorola'],
  [/^(HUAWEI|[A-Z]{3}-L\d)/i, 'Huawei'],
  [/^(CPH|OPPO)/i, 'OPPO'],
  [/^(vivo|V\d{4})/i, 'vivo'],
  [/^(Nokia)/i, 'Nokia'],
];

function detectHardware(userAgent: string): { brand?: string; model?: string } {
  if (/iPhone/.test(userAgent)) return { brand: 'Apple', model: 'iPhone' };
  if (/iPad/.test(userAgent)) return { brand: 'Apple', model: 'iPad' };
  if (/Macintosh/.test(userAgent)) return { brand: 'Apple', model: 'Mac' };
  // "Android 14; SM-S918B Build/…)" or "Android 14; Pixel 8)"; recent Chrome says only "K".
  const android = /Android [^;)]*;\s*([^;)]+?)(?:\s+Build\/[^;)]*)?\)/.exec(userAgent);
  // Samsung Internet writes "SAMSUNG SM-S918B": the brand is found below, the model is the code.
  const model = android?.[1]?.trim().replace(/^SAMSUNG\s+(?=\S)/i, '');
  if (model && model !== 'K' && model !== 'wv') {
    const brand = ANDROID_BRANDS.find(([pattern]) => pattern.test(model))?.[1];
    return { brand, model };
  }
  if (/Windows|X11|CrOS/.test(userAgent)) return { model: 'Computador' };
  return {};
}

/** Browser, system (with its version) and hardware, each left out when the agent does not say. */
export function parseUserAgent(userAgent: string | null | undefined): ParsedUserAgent {
  const agent = userAgent ?? '';
  const system = detectSystem(agent);
  const hardware = detectHardware(agent);
  const parsed: ParsedUserAgent = {
    browser: BROWSERS.find(([pattern]) => pattern.test(agent))?.[1],
    system: system?.system,
    systemVersion: system?.version,
    brand: hardware.brand,
    model: hardware.model,
  };
  return Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== undefined));
}

/** "Chrome en Linux", "Firefox", "Android", or `UNKNOWN_DEVICE_NAME` when nothing is recognised. */
export function userAgentName(userAgent: string | null | undefined): string {
  const { browser, system } = parseUserAgent(userAgent);
  if (browser && system) return `${browser} en ${system}`;
  return browser ?? system ?? UNKNOWN_DEVICE_NAME;
}
