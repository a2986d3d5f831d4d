// The schedule dialog's date and time: local calendar values (as <input type="date"> and "time" give them), turned
// into one moment sent as ISO 8601 UTC.

const pad = (n: number) => String(n).padStart(2, "0");

/** "YYYY-MM-DD" of a local date. */
export function toDateValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** "HH:MM" of a local time. */
export function toTimeValue(date: Date): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The default moment: tomorrow at 09:00, local time. */
export function defaultScheduleMoment(now: Date = new Date()): { date: string; time: string } {
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 9, 0);
  return { date: toDateValue(tomorrow), time: toTimeValue(tomorrow) };
}

/** The local moment of a date and a time value, or null when either is missing or not a real date. */
export function combineDateTime(date: string, time: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const [year, month, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
  const moment = new Date(year, month - 1, day, Number(t[1]), Number(t[2]));
  if (moment.getFullYear() !== year || moment.getMonth() !== month - 1 || moment.getDate() !== day) return null;
  return moment;
}
