import { webPaths } from '@seguridad/contracts/web-paths';

/** Control characters and DEL: browsers strip tabs and newlines, turning `/\t/x.com` into `//x.com`. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
const PLACEHOLDER_ORIGIN = 'https://placeholder.invalid';

/**
 * Where a `redirect_to` may send someone after signing in: a path of this site only. A single
 * leading '/', no '//' or '/\' (protocol-relative URLs), no backslashes (browsers read them as
 * slashes), no scheme and no control characters; anything else goes home.
 */
export function safeRedirectPath(value: string | null | undefined): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return webPaths.home;
  if (!value.startsWith('/') || value.startsWith('//')) return webPaths.home;
  if (value.includes('\\') || CONTROL_CHARACTERS.test(value)) return webPaths.home;
  try {
    // Belt and braces: whatever the string is, it must resolve to this same origin.
    const resolved = new URL(value, PLACEHOLDER_ORIGIN);
    if (resolved.origin !== PLACEHOLDER_ORIGIN) return webPaths.home;
  } catch {
    return webPaths.home;
  }
  return value;
}
