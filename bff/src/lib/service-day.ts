/**
 * The service's calendar: "today" for daily limits and sign-ins is decided by the server in the
 * configured time zone (SERVICE_TIMEZONE), never by the client.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The date (YYYY-MM-DD) of an instant in a time zone. */
export function serviceDay(instant: Date, timeZone: string): string {
  let format = formatters.get(timeZone);
  if (format === undefined) {
    // en-CA formats dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, format);
  }
  return format.format(instant);
}

/** A YYYY-MM-DD date moved by whole days (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
