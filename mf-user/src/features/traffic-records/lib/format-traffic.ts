import { GiB, MiB } from '@portal/contracts';

/** Bytes as 'x.xx G', or 'x.xx M' under 1 G (a day's use, a sign-in reward), without a sign. */
export function formatTraffic(bytes: number): string {
  const size = Math.abs(bytes);
  return size >= GiB ? `${(size / GiB).toFixed(2)} G` : `${(size / MiB).toFixed(2)} M`;
}

/** A change with its sign: '+16.00 G', '-300.00 M', '0.00 M'. */
export function formatChange(bytes: number): string {
  return `${bytes > 0 ? '+' : bytes < 0 ? '-' : ''}${formatTraffic(bytes)}`;
}
