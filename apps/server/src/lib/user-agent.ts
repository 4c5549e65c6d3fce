/**
 * A browser and a system named from a user agent, enough for a person to recognise a session
 * ("Chrome en Windows"). Deliberately small: the families people know, in the order that matters
 * (Edge and Opera say "Chrome" too, Chrome says "Safari", every iPhone browser says "Safari").
 */
export type UserAgentSummary = { browser: string | null; system: string | null };

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b|\biPad\b|\biPod\b/, 'iOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

export function summarizeUserAgent(userAgent: string | null | undefined): UserAgentSummary {
  const agent = userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1] ?? null;
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1] ?? null;
  return { browser, system };
}

/** "Chrome en Linux", "Firefox", "Android", or a neutral name when nothing is recognised. */
export function describeUserAgent(userAgent: string | null | undefined): string {
  const { browser, system } = summarizeUserAgent(userAgent);
  if (browser && system) return `${browser} en ${system}`;
  return browser ?? system ?? 'Dispositivo desconocido';
}
