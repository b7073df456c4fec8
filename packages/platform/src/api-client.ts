import ky from 'ky';
import {
  Codes,
  decodeResponse,
  encodeRequest,
  PAGE_HEADER,
  PAGE_PATTERN,
  redirectMs,
  toastMs,
} from '@portal/contracts';
import { notify } from './notify.js';
import { create } from 'zustand';

/** What every call resolves to; HTTP status 502 marks a network failure. */
export interface CallResult<T> {
  status: number;
  code: number;
  data: T;
  msg: string;
}

export const NETWORK_ERROR_MESSAGE = '网络错误';
export const NETWORK_ERROR_TOAST = '网络错误，请稍后重试';
export const SESSION_EXPIRED_TOAST = '登录过期，请登录';

/** The API lives on the same origin as the page that loaded the shell. */
export function serverHost(): string {
  return `${location.protocol}//${location.host}`;
}

interface LoadingState {
  pending: number;
}
/** Count of calls in flight that asked for the loading flag. */
export const useApiLoading = create<LoadingState>(() => ({ pending: 0 }));

const http = ky.create({
  credentials: 'include',
  throwHttpErrors: false,
  retry: 0,
  timeout: 20000,
  headers: { 'content-type': 'application/json' },
});

let expiryRedirectPending = false;
function onSessionExpired(): void {
  if (expiryRedirectPending) return;
  expiryRedirectPending = true;
  notify({ kind: 'error', title: SESSION_EXPIRED_TOAST, durationMs: toastMs.short });
  setTimeout(() => {
    expiryRedirectPending = false;
    location.hash = '#/login';
  }, redirectMs.sessionExpired);
}

export interface CallOptions {
  /** Raise the shared loading flag while the call runs. */
  loading?: boolean;
  /** Do not react to 1002 (used by the session bootstrap, which handles it itself). */
  quietExpiry?: boolean;
  /**
   * Do not toast a network failure (status 502): the caller decides whether to tell the user
   * (background refreshes tell it once per outage, not on every tick).
   */
  quietNetwork?: boolean;
  /** Do not open the second-factor prompt on 1132/1133 (the prompt's own calls, a retry after it). */
  noSecondFactorPrompt?: boolean;
}

/**
 * Asks a staff member for their second factor (issue 25): 'step-up' for a code (1133), 'enrol' to
 * set one up (1132). Resolves true when done, false when the user gave up.
 */
export type SecondFactorPrompt = (kind: 'step-up' | 'enrol') => Promise<boolean>;
let secondFactorPrompt: SecondFactorPrompt | undefined;

/**
 * The back office registers its prompt (dialogs) here: a call refused for the second factor opens
 * it and, once the user has verified or enrolled, is made once more. Returns the unregister.
 */
export function setSecondFactorPrompt(prompt: SecondFactorPrompt): () => void {
  secondFactorPrompt = prompt;
  return () => {
    if (secondFactorPrompt === prompt) secondFactorPrompt = undefined;
  };
}

/** The page the call is made from (its route), which the BFF keeps as the user's last page. */
function pageHeader(): Record<string, string> {
  const page = location.hash.replace(/^#/, '').split('?')[0] ?? '';
  return PAGE_PATTERN.test(page) ? { [PAGE_HEADER]: page } : {};
}

/** POSTs an envelope to `/api/<path>` and returns the decoded {code, data, msg}. */
export async function call<T = unknown>(
  path: string,
  payload: object = {},
  options: CallOptions = {},
): Promise<CallResult<T>> {
  if (options.loading) useApiLoading.setState((s) => ({ pending: s.pending + 1 }));
  try {
    let response: Response;
    try {
      response = await http.post(`${serverHost()}/api/${path.replace(/^\/+/, '')}`, {
        json: encodeRequest(payload),
        headers: pageHeader(),
      });
    } catch {
      if (!options.quietNetwork) notify({ kind: 'error', title: NETWORK_ERROR_TOAST, durationMs: toastMs.short });
      return { status: 502, code: -1, data: {} as T, msg: NETWORK_ERROR_MESSAGE };
    }
    let result;
    try {
      result = decodeResponse<T>(await response.json());
    } catch (error) {
      // An unparseable answer is only logged, as the spec asks.
      console.error('unparseable response', path, error);
      return { status: response.status, code: -1, data: {} as T, msg: '' };
    }
    if (result.code === Codes.SESSION_EXPIRED && !options.quietExpiry) onSessionExpired();
    const prompt = options.noSecondFactorPrompt ? undefined : secondFactorPrompt;
    if (
      prompt !== undefined &&
      (result.code === Codes.STEP_UP_REQUIRED || result.code === Codes.SECOND_FACTOR_REQUIRED)
    ) {
      if (await prompt(result.code === Codes.STEP_UP_REQUIRED ? 'step-up' : 'enrol')) {
        return call<T>(path, payload, { ...options, noSecondFactorPrompt: true });
      }
    }
    return { status: response.status, ...result };
  } finally {
    if (options.loading) useApiLoading.setState((s) => ({ pending: s.pending - 1 }));
  }
}

/** What a plain-JSON GET resolves to; status 502 and `data: null` mark a network failure. */
export interface GetJsonResult<T> {
  status: number;
  data: T | null;
}

/**
 * GETs `/api/<path>` with a query and reads a plain JSON answer (no envelope), for the few
 * calls the spec describes that way, like the e-mail confirmation links.
 */
export async function getJson<T>(path: string, query: Record<string, string> = {}): Promise<GetJsonResult<T>> {
  let response: Response;
  try {
    response = await http.get(`${serverHost()}/api/${path.replace(/^\/+/, '')}`, { searchParams: query });
  } catch {
    notify({ kind: 'error', title: NETWORK_ERROR_TOAST, durationMs: toastMs.short });
    return { status: 502, data: null };
  }
  try {
    return { status: response.status, data: (await response.json()) as T };
  } catch (error) {
    console.error('unparseable response', path, error);
    return { status: response.status, data: null };
  }
}
