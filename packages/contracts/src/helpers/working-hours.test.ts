import { describe, expect, it } from 'vitest';
import { isWithinWorkingHours, localWeekdayAndMinute } from './working-hours';

const weekdaysNineToSix = [1, 2, 3, 4, 5].map((day) => ({ day, open: '09:00', close: '18:00' }));

describe('working hours in America/Santiago', () => {
  it('reads the local weekday and time, with daylight saving (UTC-3 in November)', () => {
    // Friday 2026-11-20 12:30 UTC is 09:30 in Santiago.
    expect(localWeekdayAndMinute(new Date('2026-11-20T12:30:00Z'), 'America/Santiago')).toEqual({
      day: 5,
      minute: 570,
    });
    // In July Santiago is UTC-4: 12:30 UTC is 08:30.
    expect(localWeekdayAndMinute(new Date('2026-07-17T12:30:00Z'), 'America/Santiago')).toEqual({
      day: 5,
      minute: 510,
    });
  });

  it('is open inside a slot and closed outside it', () => {
    expect(
      isWithinWorkingHours(weekdaysNineToSix, new Date('2026-11-20T12:30:00Z'), 'America/Santiago'),
    ).toBe(true);
    expect(
      isWithinWorkingHours(weekdaysNineToSix, new Date('2026-11-20T11:30:00Z'), 'America/Santiago'),
    ).toBe(false);
    // 18:00 local is closing time.
    expect(
      isWithinWorkingHours(weekdaysNineToSix, new Date('2026-11-20T21:00:00Z'), 'America/Santiago'),
    ).toBe(false);
    // Saturday.
    expect(
      isWithinWorkingHours(weekdaysNineToSix, new Date('2026-11-21T14:00:00Z'), 'America/Santiago'),
    ).toBe(false);
  });

  it('accepts 24:00 as the end of the day', () => {
    const allDay = [{ day: 6, open: '00:00', close: '24:00' }];
    expect(isWithinWorkingHours(allDay, new Date('2026-11-22T02:59:00Z'), 'America/Santiago')).toBe(true);
  });
});
