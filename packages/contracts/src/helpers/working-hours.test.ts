import { describe, expect, it } from 'vitest';
import { callbackSlotEnd, callbackSlots, isWithinWorkingHours, localWeekdayAndMinute } from './working-hours';

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

describe('callback slots', () => {
  // Monday 2026-11-23, 10:20 in Santiago (UTC−3 in summer).
  const mondayMorning = new Date('2026-11-23T13:20:00Z');
  const hours = [
    { day: 1, open: '08:30', close: '13:00' },
    { day: 1, open: '15:00', close: '17:30' },
    { day: 2, open: '09:00', close: '18:00' },
  ];

  it('offers the whole hours still ahead today, inside the working slots', () => {
    expect(callbackSlots(hours, mondayMorning, 'America/Santiago')).toEqual([
      '11:00',
      '12:00',
      '15:00',
      '16:00',
    ]);
  });

  it('offers nothing after closing, nor on a day without hours', () => {
    expect(callbackSlots(hours, new Date('2026-11-23T20:40:00Z'), 'America/Santiago')).toEqual([]);
    expect(callbackSlots(hours, new Date('2026-11-22T13:00:00Z'), 'America/Santiago')).toEqual([]);
  });

  it('ends a slot one hour after it starts', () => {
    expect(callbackSlotEnd('16:00')).toBe('17:00');
  });
});
