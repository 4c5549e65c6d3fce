import { describe, expect, it } from 'vitest';
import { formatSeconds, formatShare, waitLevel } from './supervision-time';

const targets = { first_seconds: 15, first_percent: 90, second_seconds: 20, second_percent: 95 };

describe('the Supervisión figures', () => {
  it('turns the longest wait amber past the first threshold and red past the second', () => {
    expect(waitLevel(15, targets)).toBe('ok');
    expect(waitLevel(16, targets)).toBe('over-first');
    expect(waitLevel(20, targets)).toBe('over-first');
    expect(waitLevel(21, targets)).toBe('over-second');
  });

  it('reads shares and seconds as people do', () => {
    expect(formatShare(0.925, '—')).toBe('93 %');
    expect(formatShare(null, '—')).toBe('—');
    expect(formatSeconds(7.4, '—')).toBe('7 s');
    expect(formatSeconds(65, '—')).toBe('1 min 05 s');
    expect(formatSeconds(null, '—')).toBe('—');
  });
});
