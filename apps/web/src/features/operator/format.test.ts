import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDuration, isoDuration } from './format';

describe('formatDuration', () => {
  it('reads as minutes and zero-padded seconds', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(400)).toBe('0:01');
    expect(formatDuration(4_600)).toBe('0:04');
    expect(formatDuration(65_400)).toBe('1:05');
    expect(isoDuration(65_000)).toBe('PT1M5S');
  });
});

describe('formatDateTime', () => {
  it('shows Chilean time on a 24-hour clock, whatever the machine’s zone', () => {
    // 18:30 UTC in January is 15:30 in Santiago (summer time, UTC−3).
    expect(formatDateTime('2026-01-15T18:30:00.000Z')).toMatch(/15 ene\.? 2026,? 15:30/);
  });
});
