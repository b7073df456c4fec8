import { GiB } from '@portal/contracts';

const TiB = GiB * 1024;
const pad = (n: number): string => String(n).padStart(2, '0');

/** Bytes as GB with the given decimals (1 GB = 1024^3 bytes). */
export function bytesToGB(bytes: number, decimals = 2): string {
  return (bytes / GiB).toFixed(decimals);
}

export function bytesToTB(bytes: number, decimals = 2): string {
  return (bytes / TiB).toFixed(decimals);
}

/** 'YYYY-MM-DD HH:mm:ss' in the browser's time zone. */
export function formatDateTime(value: string | number | Date): string {
  const d = new Date(value);
  return `${formatDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** 'YYYY-MM-DD' in the browser's time zone. */
export function formatDate(value: string | number | Date): string {
  const d = new Date(value);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Uppercase random letters (spec-1 §9). */
export function randomLetters(length: number): string {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => letters[b % letters.length]).join('');
}
