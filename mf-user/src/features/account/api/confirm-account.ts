import type { ConfirmAnswer, ConfirmQuery } from '@portal/contracts';
import { getJson, type GetJsonResult } from '@portal/platform';

export type ConfirmAction = 'signup' | 'change_password' | 'change_email';

// The keys are single-use: a second request for the same link (a remount, a double effect) must
// share the first one's answer instead of being refused.
const inFlight = new Map<string, Promise<GetJsonResult<ConfirmAnswer>>>();

/**
 * GET /api/account/signup_confirm, /change_password or /change_email with serial_id and key.
 * The answer is plain JSON {Code, Msg}, not the envelope.
 */
export function confirmAccount(action: ConfirmAction, query: ConfirmQuery): Promise<GetJsonResult<ConfirmAnswer>> {
  const path = action === 'signup' ? 'account/signup_confirm' : `account/${action}`;
  const key = `${path}|${query.serial_id}|${query.key}`;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = getJson<ConfirmAnswer>(path, { serial_id: query.serial_id, key: query.key });
    inFlight.set(key, pending);
    // No answer, or a server error instead of the link's answer: a retry must ask again.
    void pending.then((result) => {
      if (result.data === null || result.status >= 500 || typeof result.data.Code !== 'number') inFlight.delete(key);
    });
  }
  return pending;
}
