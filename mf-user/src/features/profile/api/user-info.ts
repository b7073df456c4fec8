import type { UserInfo } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/user/userinfo: the profile re-reads it when it opens (spec-2 §7). */
export function fetchUserInfo() {
  return call<UserInfo>('user/userinfo', {});
}
