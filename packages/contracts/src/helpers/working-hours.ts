/** One opening interval of a weekday (0 Sunday … 6 Saturday), local times 'HH:mm' ('24:00' allowed as close). */
export type WorkingHoursSlot = { day: number; open: string; close: string };

const minutesOf = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The weekday and minute of the day of an instant, in a time zone (daylight saving included). */
export function localWeekdayAndMinute(instant: Date, timeZone: string): { day: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const value = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return {
    day: weekdays.indexOf(value('weekday')),
    minute: Number(value('hour')) * 60 + Number(value('minute')),
  };
}

/** Whether an instant falls inside any slot, reckoned in the given time zone. */
export function isWithinWorkingHours(slots: WorkingHoursSlot[], instant: Date, timeZone: string): boolean {
  const { day, minute } = localWeekdayAndMinute(instant, timeZone);
  return slots.some(
    (slot) => slot.day === day && minute >= minutesOf(slot.open) && minute < minutesOf(slot.close),
  );
}

const hh = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/**
 * The one-hour slots a callback may still be asked for today: every whole hour that starts after
 * `instant` and ends inside one of today's working slots, as 'HH:00' (decision 018).
 */
export function callbackSlots(slots: WorkingHoursSlot[], instant: Date, timeZone: string): string[] {
  const { day, minute } = localWeekdayAndMinute(instant, timeZone);
  const starts = new Set<number>();
  for (const slot of slots) {
    if (slot.day !== day) continue;
    const close = minutesOf(slot.close);
    for (let hour = Math.ceil(minutesOf(slot.open) / 60); (hour + 1) * 60 <= close; hour++) {
      if (hour * 60 > minute) starts.add(hour);
    }
  }
  return [...starts].sort((a, b) => a - b).map(hh);
}

/** 'HH:00' → 'HH+1:00', the end of a callback slot. */
export function callbackSlotEnd(start: string): string {
  return hh(Number(start.slice(0, 2)) + 1);
}
