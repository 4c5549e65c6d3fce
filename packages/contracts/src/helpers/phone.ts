/**
 * Masks a phone for public display, keeping the country prefix and the last three digits:
 * '+56912345678' → '+569 **** *678'. Anything too short to mask safely is fully hidden.
 */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 7) return '*'.repeat(Math.max(digits.length, 4));
  const visibleTail = digits.slice(-3);
  const prefix = digits.startsWith('569') && digits.length === 11 ? '+569 ' : '';
  const hiddenCount = digits.length - visibleTail.length - (prefix ? 3 : 0);
  const hidden = '*'.repeat(hiddenCount);
  return `${prefix}${hidden.slice(0, 4)} ${hidden.slice(4)}${visibleTail}`.replace(/\s+/g, ' ');
}
