import type { DeviceInfo } from '@seguridad/contracts/http/auth';

const DEVICE_ID_KEY = 'device-id';
/** Kept for this page's life when local storage is unavailable. */
let memoryDeviceId: string | null = null;

function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID exists only in secure contexts; getRandomValues exists everywhere.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * A random id for this browser, kept in local storage: the server tells a known device from a new
 * one by it (and e-mails the owner about new ones).
 */
export function getDeviceId(): string {
  try {
    const stored = window.localStorage.getItem(DEVICE_ID_KEY);
    if (stored && stored.length >= 8 && stored.length <= 100) return stored;
    const created = randomId();
    window.localStorage.setItem(DEVICE_ID_KEY, created);
    return created;
  } catch {
    memoryDeviceId ??= randomId();
    return memoryDeviceId;
  }
}

type SystemMatch = { system: string; version?: string };

function detectSystem(userAgent: string): SystemMatch | undefined {
  const version = (raw: string | undefined) => raw?.replace(/_/g, '.');
  let match = /(?:iPhone|iPad|iPod).*? OS (\d+(?:[._]\d+)*)/.exec(userAgent);
  if (match) return { system: 'iOS', version: version(match[1]) };
  match = /Android (\d+(?:\.\d+)*)/.exec(userAgent);
  if (match) return { system: 'Android', version: match[1] };
  match = /Windows NT (\d+\.\d+)/.exec(userAgent);
  if (match) return { system: 'Windows', version: match[1] === '10.0' ? '10' : match[1] };
  match = /Mac OS X (\d+(?:[._]\d+)*)/.exec(userAgent);
  if (match) return { system: 'macOS', version: version(match[1]) };
  match = /CrOS \S+ (\d+(?:\.\d+)*)/.exec(userAgent);
  if (match) return { system: 'ChromeOS', version: match[1] };
  if (/Linux/.test(userAgent)) return { system: 'Linux' };
  return undefined;
}

function detectBrowser(userAgent: string): string | undefined {
  if (/Edg(?:e|A|iOS)?\//.test(userAgent)) return 'Edge';
  if (/OPR\/|Opera/.test(userAgent)) return 'Opera';
  if (/SamsungBrowser\//.test(userAgent)) return 'Samsung Internet';
  if (/Firefox\/|FxiOS\//.test(userAgent)) return 'Firefox';
  if (/Chrome\/|CriOS\/|Chromium\//.test(userAgent)) return 'Chrome';
  if (/Safari\//.test(userAgent)) return 'Safari';
  return undefined;
}

const ANDROID_BRANDS: [RegExp, string][] = [
  [/^(SM-|GT-|Galaxy)/i, 'Samsung'],
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
  const model = android?.[1]?.trim();
  if (model && model !== 'K' && !/^wv$/.test(model)) {
    const brand = ANDROID_BRANDS.find(([pattern]) => pattern.test(model))?.[1];
    return { brand, model };
  }
  if (/Windows|X11|CrOS/.test(userAgent)) return { model: 'Computador' };
  return {};
}

const clip = (value: string | undefined, max: number) => (value ? value.slice(0, max) : undefined);

/** A rough description of a browser from its user agent: what the owner reads in alerts. */
export function describeUserAgent(userAgent: string): Omit<DeviceInfo, 'id'> {
  const system = detectSystem(userAgent);
  const browser = detectBrowser(userAgent);
  const hardware = detectHardware(userAgent);
  const name = browser && system ? `${browser} en ${system.system}` : (browser ?? system?.system);
  return {
    name: clip(name, 100),
    brand: clip(hardware.brand, 60),
    model: clip(hardware.model, 60),
    system: clip(system?.system, 60),
    system_version: clip(system?.version, 40),
  };
}

/** What this browser says about itself when it signs in (`device` of login and 2FA confirm). */
export function getDeviceIdentity(): DeviceInfo {
  const description = describeUserAgent(typeof navigator === 'undefined' ? '' : navigator.userAgent);
  const present = Object.entries(description).filter(([, value]) => value !== undefined);
  return { id: getDeviceId(), ...Object.fromEntries(present) };
}
