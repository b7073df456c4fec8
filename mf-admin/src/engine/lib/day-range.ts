/** Local midnight of a 'YYYY-MM-DD' day, as a timestamp (ms); undefined for anything else. */
function dayStart(day: string | undefined): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
  if (!match) return undefined;
  const time = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])).getTime();
  return Number.isNaN(time) ? undefined : time;
}

/**
 * Two date filters ('YYYY-MM-DD' from the address) as a list call's range: from the start of
 * `from` to the end of `to` in the browser's time zone (ms timestamps); a missing or malformed
 * day leaves its side open.
 */
export function dayRange(
  from: string | undefined,
  to: string | undefined,
): { fromTimestamp?: number; toTimestamp?: number } {
  const start = dayStart(from);
  const end = dayStart(to);
  return {
    ...(start === undefined ? {} : { fromTimestamp: start }),
    ...(end === undefined ? {} : { toTimestamp: end + 24 * 60 * 60 * 1000 - 1 }),
  };
}
