import { call } from '@portal/platform';

/** POST /api/user/unbind: ends the Telegram binding (refused to agency users). */
export function unbindTelegram() {
  return call<unknown>('user/unbind', {});
}
