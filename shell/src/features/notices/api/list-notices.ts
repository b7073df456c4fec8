import type { Notice } from '@portal/contracts';
import { call, type CallResult } from '@portal/platform';

/** POST /api/user_notive/list: the user's unread notices. */
export async function listNotices(): Promise<CallResult<Notice[]>> {
  const result = await call<Notice[]>('user_notive/list', {});
  return { ...result, data: Array.isArray(result.data) ? result.data : [] };
}
