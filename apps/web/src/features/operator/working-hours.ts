import type { WorkingHoursSlot } from '@seguridad/contracts/helpers/working-hours';

/** One row of the weekly editor: a weekday either closed or open from one time to another. */
export type DayDraft = { day: number; open: boolean; from: string; to: string };

/** Monday first, as a week reads in Chile; `day` is JavaScript's (0 Sunday … 6 Saturday). */
export const weekDays = [
  { day: 1, name: 'Lunes' },
  { day: 2, name: 'Martes' },
  { day: 3, name: 'Miércoles' },
  { day: 4, name: 'Jueves' },
  { day: 5, name: 'Viernes' },
  { day: 6, name: 'Sábado' },
  { day: 0, name: 'Domingo' },
] as const;

const DEFAULT_OPEN = { from: '09:00', to: '18:00' };

/** The editor's rows for stored slots. The editor keeps one interval a day: the first stored one. */
export function toDayDrafts(slots: readonly WorkingHoursSlot[]): DayDraft[] {
  return weekDays.map(({ day }) => {
    const slot = slots.find((candidate) => candidate.day === day);
    return slot
      ? { day, open: true, from: slot.open, to: slot.close }
      : { day, open: false, ...DEFAULT_OPEN };
  });
}

/** Whether some day holds more than one interval (possible through the API, not in this editor). */
export function hasSplitDays(slots: readonly WorkingHoursSlot[]): boolean {
  return weekDays.some(({ day }) => slots.filter((slot) => slot.day === day).length > 1);
}

export function toSlots(drafts: readonly DayDraft[]): WorkingHoursSlot[] {
  return drafts
    .filter((draft) => draft.open)
    .map((draft) => ({ day: draft.day, open: draft.from.trim(), close: draft.to.trim() }));
}
