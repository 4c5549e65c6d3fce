/**
 * Keeps a phone field as `prefix + digits`: the prefix cannot be erased, anything that is not a
 * digit is dropped, and a pasted number that repeats the prefix ("+56 9 1234 5678") is not doubled.
 */
export function normalizePhone(value: string, prefix: string, maxDigits: number): string {
  const prefixDigits = prefix.replace(/\D/g, '');
  const digits = value.replace(/\D/g, '');
  let kept = 0;
  if (digits.startsWith(prefixDigits)) kept = prefixDigits.length;
  else if (value.trimStart().startsWith('+')) {
    // An edit inside the prefix ("+56" after a backspace, "+56 1234…" with the 9 erased): the
    // part of the prefix still there is the prefix, the rest is the number.
    while (kept < prefixDigits.length && digits[kept] === prefixDigits[kept]) kept++;
  }
  return prefix + digits.slice(kept, kept + maxDigits);
}

/** True when the person typed something after the prefix (spec §5: "not just the prefix"). */
export function hasPhoneDigits(value: string | undefined, prefix: string): boolean {
  const trimmed = (value ?? '').trim();
  return trimmed !== '' && trimmed !== prefix;
}

export function isFilled(value: string | undefined): boolean {
  return (value ?? '').trim() !== '';
}

/** A registered phone field (react-hook-form) that keeps what is typed as `normalizePhone` says. */
export function normalizedPhoneField<Field extends { onChange: (event: { target: unknown }) => unknown }>(
  field: Field,
  prefix: string,
  maxDigits: number,
): Field {
  return {
    ...field,
    onChange: (event: { target: unknown }) => {
      const input = event.target as HTMLInputElement;
      const normalized = normalizePhone(input.value, prefix, maxDigits);
      if (normalized !== input.value) input.value = normalized;
      return field.onChange(event);
    },
  };
}
