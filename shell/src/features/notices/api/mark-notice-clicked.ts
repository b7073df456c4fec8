import type { NoticeClickedRequest } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/user_notive/clicked: marks a notice read. */
export function markNoticeClicked(noticeId: string) {
  const payload: NoticeClickedRequest = { noticeId };
  return call<unknown>('user_notive/clicked', payload);
}
