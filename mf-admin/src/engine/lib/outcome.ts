import { Codes, toastMs } from '@portal/contracts';
import type { CallResult } from '@portal/platform';

/** The spec's failure toast: its prefix, then the server's message (spec-2 §8). */
export function failureText(prefix: string, serverMessage: string): string {
  const msg = serverMessage.trim();
  if (!msg) return prefix.replace(/:$/, '');
  return prefix.endsWith(':') ? `${prefix}${msg}` : `${prefix}:${msg}`;
}

/**
 * Failures the API client has already told the user about: the network (502, '网络错误') and
 * an expired session (1002, then the login page). A second toast would only repeat them.
 */
export function alreadyReported(result: Pick<CallResult<unknown>, 'status' | 'code'>): boolean {
  return result.status === 502 || result.code === Codes.SESSION_EXPIRED;
}

/** How long a toast stays: the spec's 2 s unless a message asks for longer. */
export const DEFAULT_TOAST_MS = toastMs.short;
