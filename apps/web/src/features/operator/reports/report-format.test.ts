import { describe, expect, it } from 'vitest';
import {
  chileDay,
  formatAverage,
  formatSeconds,
  formatShare,
  meetsTarget,
  presetRange,
  shiftDay,
} from './report-format';

describe('report dates in Chile time', () => {
  it('counts today in Chile, not in UTC: 01:30 UTC is still the previous evening in Santiago', () => {
    const lateEvening = Date.parse('2026-11-28T01:30:00Z'); // 22:30 on the 27th (UTC−3, summer time)
    expect(chileDay(lateEvening)).toBe('2026-11-27');
    expect(presetRange('today', lateEvening)).toEqual({ from: '2026-11-27', to: '2026-11-27' });
    expect(presetRange('yesterday', lateEvening)).toEqual({ from: '2026-11-26', to: '2026-11-26' });
    expect(presetRange('last7', lateEvening)).toEqual({ from: '2026-11-21', to: '2026-11-27' });
    expect(presetRange('last30', lateEvening)).toEqual({ from: '2026-10-29', to: '2026-11-27' });
  });

  it('follows the winter offset (UTC−4) and crosses a daylight-saving change by calendar days', () => {
    const winterNight = Date.parse('2026-07-01T03:30:00Z'); // 23:30 on June 30th in Santiago
    expect(presetRange('today', winterNight)).toEqual({ from: '2026-06-30', to: '2026-06-30' });
    // Chile moves its clocks forward on the first Sunday of September 2026 (the 6th).
    expect(shiftDay('2026-09-07', -1)).toBe('2026-09-06');
    expect(presetRange('last7', Date.parse('2026-09-09T15:00:00Z'))).toEqual({
      from: '2026-09-03',
      to: '2026-09-09',
    });
  });
});

describe('report figures in es-CL', () => {
  it('writes shares and averages with a decimal comma', () => {
    expect(formatShare(0.92)).toBe('92,0 %');
    expect(formatShare(0.8567)).toBe('85,7 %');
    expect(formatShare(null)).toBe('—');
    expect(formatAverage(4.25)).toMatch(/^4,[23]$/);
  });

  it('writes durations as «1 min 05 s»', () => {
    expect(formatSeconds(8.4)).toBe('8 s');
    expect(formatSeconds(65)).toBe('1 min 05 s');
    expect(formatSeconds(3_725)).toBe('1 h 02 min');
    expect(formatSeconds(2 * 86_400 + 3 * 3600)).toBe('2 d 03 h');
    expect(formatSeconds(null)).toBe('—');
  });

  it('says whether a service level meets its target as shown', () => {
    expect(meetsTarget(0.9, 90)).toBe(true);
    expect(meetsTarget(0.29, 29)).toBe(true);
    expect(meetsTarget(0.8999, 90)).toBe(false);
    expect(meetsTarget(0.85, 90)).toBe(false);
    expect(meetsTarget(null, 90)).toBeNull();
  });
});
