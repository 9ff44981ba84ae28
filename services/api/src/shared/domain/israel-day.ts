/** Days as Israel counts them (Asia/Jerusalem, with its summer time): documents are dated and reported by them. */
const DAY_FORMAT = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem', year: 'numeric', month: '2-digit', day: '2-digit' });
const OFFSET_FORMAT = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Jerusalem', timeZoneName: 'longOffset' });

/** The day in Israel at `date`, as `YYYY-MM-DD`. */
export function israelDay(date: Date): string {
  return DAY_FORMAT.format(date);
}

/** The instant a day (`YYYY-MM-DD`) begins in Israel. */
export function startOfIsraelDay(day: string): Date {
  const utcMidnight = new Date(`${day}T00:00:00Z`);
  // Israel's offset at 21:00 UTC the evening before, which is around its midnight (the clocks change at 02:00).
  const offset = OFFSET_FORMAT.formatToParts(new Date(utcMidnight.getTime() - 3 * 3600_000)).find(
    (part) => part.type === 'timeZoneName',
  )!.value;
  const [, sign, hours, minutes] = /GMT([+-])(\d{2}):(\d{2})/.exec(offset) ?? ['', '+', '00', '00'];
  const offsetMs = (Number(hours) * 60 + Number(minutes)) * 60_000 * (sign === '-' ? -1 : 1);
  return new Date(utcMidnight.getTime() - offsetMs);
}

/** The day after `day`. */
export function nextDay(day: string): string {
  return new Date(new Date(`${day}T00:00:00Z`).getTime() + 86_400_000).toISOString().slice(0, 10);
}
