import { describe, expect, it } from 'vitest';
import { chileDateTime, nextDay, startOfChileDay } from './chile-time';

describe('Chile time', () => {
  it('reads an instant as Chile does, in winter (UTC-4) and summer (UTC-3)', () => {
    expect(chileDateTime(new Date('2026-07-01T04:00:00Z'))).toBe('2026-07-01 00:00:00');
    expect(chileDateTime(new Date('2026-12-01T03:00:00Z'))).toBe('2026-12-01 00:00:00');
  });

  it('starts a day at Chile midnight, either side of the clock changes', () => {
    expect(startOfChileDay('2026-07-01').toISOString()).toBe('2026-07-01T04:00:00.000Z');
    expect(startOfChileDay('2026-12-01').toISOString()).toBe('2026-12-01T03:00:00.000Z');
  });

  it('starts the day summer time begins at 01:00, since midnight never happens then', () => {
    // Chile's clocks go from 24:00 on Saturday 5 September 2026 to 01:00 on Sunday the 6th.
    const start = startOfChileDay('2026-09-06');
    expect(chileDateTime(start)).toBe('2026-09-06 01:00:00');
    expect(chileDateTime(new Date(start.getTime() - 1000))).toBe('2026-09-05 23:59:59');
  });

  it('starts the day summer time ends at its first midnight', () => {
    // Clocks go back from 24:00 on Saturday 4 April 2026 to 23:00 on the same Saturday.
    const start = startOfChileDay('2026-04-05');
    expect(chileDateTime(start)).toBe('2026-04-05 00:00:00');
    expect(chileDateTime(new Date(start.getTime() - 1000))).toBe('2026-04-04 23:59:59');
  });

  it('counts the next day across month and year ends', () => {
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
  });
});
