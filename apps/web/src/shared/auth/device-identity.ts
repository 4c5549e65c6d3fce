import type { DeviceInfo } from '@seguridad/contracts/http/auth';
import { parseUserAgent, userAgentName } from '@seguridad/contracts/helpers/user-agent';

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

const clip = (value: string | undefined, max: number) => (value ? value.slice(0, max) : undefined);

/**
 * A rough description of a browser from its user agent: what the owner reads in alerts. Read by
 * the parser the server uses, so both name a device alike.
 */
export function describeUserAgent(userAgent: string): Omit<DeviceInfo, 'id'> {
  const parsed = parseUserAgent(userAgent);
  return {
    name: clip(userAgentName(userAgent), 100),
    brand: clip(parsed.brand, 60),
    model: clip(parsed.model, 60),
    system: clip(parsed.system, 60),
    system_version: clip(parsed.systemVersion, 40),
  };
}

/** What this browser says about itself when it signs in (`device` of login and 2FA confirm). */
export function getDeviceIdentity(): DeviceInfo {
  const description = describeUserAgent(typeof navigator === 'undefined' ? '' : navigator.userAgent);
  const present = Object.entries(description).filter(([, value]) => value !== undefined);
  return { id: getDeviceId(), ...Object.fromEntries(present) };
}
