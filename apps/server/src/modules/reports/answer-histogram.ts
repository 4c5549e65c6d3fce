/*
 * Answer times kept as a histogram of whole seconds (decision 050): index s holds the calls
 * answered in s − 1 < t ≤ s seconds. A threshold in whole seconds reads it exactly.
 */

/** How many of the histogram's calls were answered within `seconds` (t ≤ seconds). */
export function answeredWithin(histogram: readonly number[], seconds: number): number {
  let within = 0;
  for (let bucket = 0; bucket <= seconds && bucket < histogram.length; bucket += 1) {
    within += histogram[bucket]!;
  }
  return within;
}

/**
 * The 90th percentile as a call centre reads it: the fewest whole seconds within which 90 % of
 * the answered calls were answered (nearest rank). Null when nothing was answered.
 */
export function percentileSeconds(histogram: readonly number[], percent: number): number | null {
  const answered = histogram.reduce((sum, count) => sum + count, 0);
  if (answered === 0) return null;
  // Whole numbers first: 0.9 × 10 is 9.000000000000002 in floating point, 90 × 10 / 100 is 9.
  const rank = Math.ceil((percent * answered) / 100);
  let seen = 0;
  for (let bucket = 0; bucket < histogram.length; bucket += 1) {
    seen += histogram[bucket]!;
    if (seen >= rank) return bucket;
  }
  return histogram.length - 1;
}

/** '{3,0,2}' → [3, 0, 2], read digit by digit: a year of hours holds some 700,000 counts. */
export function parseHistogram(text: string): number[] {
  const histogram: number[] = [];
  if (text.length <= 2) return histogram;
  let value = 0;
  let sign = 1;
  for (let index = 1; index < text.length - 1; index += 1) {
    const code = text.charCodeAt(index);
    if (code === COMMA) {
      histogram.push(sign * value);
      value = 0;
      sign = 1;
    } else if (code === MINUS) {
      sign = -1;
    } else {
      value = value * 10 + (code - ZERO);
    }
  }
  histogram.push(sign * value);
  return histogram;
}

const COMMA = 44;
const MINUS = 45;
const ZERO = 48;
