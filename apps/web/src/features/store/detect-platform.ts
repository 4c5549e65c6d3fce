export type StorePlatform = 'android' | 'ios' | 'other';

/**
 * Spec §2: Android user agents go to Google Play, Mac (and iPhone/iPad, whose agents say
 * "like Mac OS X") to the App Store; anything else sees both buttons.
 */
export function detectStorePlatform(userAgent: string): StorePlatform {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod|macintosh|mac os x/i.test(userAgent)) return 'ios';
  return 'other';
}
