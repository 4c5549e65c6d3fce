import { describe, expect, it } from 'vitest';
import { hasSplitDays, toDayDrafts, toSlots } from './working-hours';

describe('the weekly working hours editor', () => {
  it('reads stored slots as one row per weekday, Monday first, and writes back the open ones', () => {
    const drafts = toDayDrafts([
      { day: 0, open: '10:00', close: '14:00' },
      { day: 1, open: '00:00', close: '24:00' },
    ]);
    expect(drafts.map((draft) => draft.day)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(drafts[0]).toEqual({ day: 1, open: true, from: '00:00', to: '24:00' });
    expect(drafts[1]).toMatchObject({ day: 2, open: false });
    expect(toSlots(drafts)).toEqual([
      { day: 1, open: '00:00', close: '24:00' },
      { day: 0, open: '10:00', close: '14:00' },
    ]);
  });

  it('notices days split in several intervals', () => {
    expect(
      hasSplitDays([
        { day: 2, open: '08:00', close: '13:00' },
        { day: 2, open: '15:00', close: '19:00' },
      ]),
    ).toBe(true);
    expect(hasSplitDays([{ day: 2, open: '08:00', close: '13:00' }])).toBe(false);
  });
});
