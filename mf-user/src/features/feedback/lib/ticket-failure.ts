import { Codes } from '@portal/contracts';
import { feedbackLabels as t } from '../feedback-labels';

/**
 * What a failed create or reply tells the user (spec-2 §8): 1035 该工单已关闭; the server's own
 * words for a refused payload or too many attempts (描述不能为空, 图片无效, …); otherwise
 * 创建反馈失败. null: nothing to add (a network failure or an expired session was already told).
 */
export function ticketFailure(result: { status: number; code: number; msg: string }): string | null {
  if (result.status === 502 || result.code === Codes.SESSION_EXPIRED) return null;
  if (result.code === Codes.TICKET_CLOSED) return t.reply.closed;
  if ((result.code === Codes.INVALID_PAYLOAD || result.code === Codes.RATE_LIMITED) && result.msg) return result.msg;
  return t.reply.failed;
}
