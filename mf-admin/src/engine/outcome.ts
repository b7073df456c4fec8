import { Codes } from '@portal/contracts';
import { notify, type CallResult } from '@portal/platform';
import { alreadyReported, DEFAULT_TOAST_MS, failureText } from './lib/outcome';
import type { ActionContext, Lookups, Outcome } from './types';

/** Builds an `Outcome`, checking its texts and follow-up against the answer of its call. */
export function outcome<T, D, L = Lookups>(def: {
  call: (input: T) => Promise<CallResult<D>>;
  success: string | ((data: D) => string);
  failure: string;
  failureMs?: number;
  failureInline?: boolean;
  after?: (data: D, ctx: ActionContext<L>) => void;
}): Outcome<T, L> {
  const { success, after } = def;
  return {
    ...def,
    success: (data) => (typeof success === 'string' ? success : success(data as D)),
    after: after && ((data, ctx) => after(data as D, ctx)),
  };
}

/**
 * Runs the call and tells the user: the success text, or the failure prefix with the server's
 * message (nothing more when the API client has already reported a network failure or an
 * expired session). Resolves whether it worked; on success the follow-up runs. An outcome with
 * `failureInline` hands its failure text to `inline` (the dialog shows it) instead of a toast.
 */
export async function runOutcome<T, L>(
  action: Outcome<T, L>,
  input: T,
  ctx: ActionContext<L>,
  inline?: (failure: string) => void,
): Promise<boolean> {
  const result = await action.call(input);
  if (result.code === Codes.OK) {
    notify({ kind: 'success', title: action.success(result.data), durationMs: DEFAULT_TOAST_MS });
    ctx.reload();
    action.after?.(result.data, ctx);
    return true;
  }
  if (action.failureInline === true && inline !== undefined) {
    inline(failureText(action.failure, result.msg));
    return false;
  }
  if (!alreadyReported(result)) {
    notify({
      kind: 'error',
      title: failureText(action.failure, result.msg),
      durationMs: action.failureMs ?? DEFAULT_TOAST_MS,
    });
  }
  return false;
}
