import { GiB, MiB } from '@portal/contracts';

/** Bytes as GB (1024^3) with 2 decimals. */
export function formatGB(bytes: number): string {
  return (bytes / GiB).toFixed(2);
}

/** Bytes as MB (1024^2), at most 2 decimals, no trailing zeros. */
export function formatMB(bytes: number): string {
  return String(Math.round((bytes / MiB) * 100) / 100);
}
