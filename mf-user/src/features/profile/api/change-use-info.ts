import type { ChangeUseInfoAnswer, ChangeUseInfoRequest } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/user/change_use_info: the avatar, the options and (mailed for confirmation) the e-mail. */
export function changeUseInfo(request: ChangeUseInfoRequest) {
  return call<ChangeUseInfoAnswer>('user/change_use_info', request);
}
