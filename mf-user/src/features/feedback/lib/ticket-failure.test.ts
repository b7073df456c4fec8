import { Codes } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { ticketFailure } from './ticket-failure';

describe('ticketFailure (spec-2 §8)', () => {
  it('1035 is 该工单已关闭; refused payloads and throttling keep the server words; anything else 创建反馈失败', () => {
    expect(ticketFailure({ status: 200, code: Codes.TICKET_CLOSED, msg: 'x' })).toBe('该工单已关闭');
    expect(ticketFailure({ status: 400, code: Codes.INVALID_PAYLOAD, msg: '图片无效' })).toBe('图片无效');
    expect(ticketFailure({ status: 429, code: Codes.RATE_LIMITED, msg: '操作过于频繁，请稍后再试' })).toBe(
      '操作过于频繁，请稍后再试',
    );
    expect(ticketFailure({ status: 404, code: Codes.NOT_FOUND, msg: '工单不存在' })).toBe('创建反馈失败');
    expect(ticketFailure({ status: 500, code: Codes.INTERNAL, msg: '服务器内部错误' })).toBe('创建反馈失败');
    expect(ticketFailure({ status: 400, code: Codes.INVALID_PAYLOAD, msg: '' })).toBe('创建反馈失败');
  });

  it('says nothing more after a network failure or an expired session (already told)', () => {
    expect(ticketFailure({ status: 502, code: -1, msg: '网络错误' })).toBeNull();
    expect(ticketFailure({ status: 401, code: Codes.SESSION_EXPIRED, msg: '登录过期，请登录' })).toBeNull();
  });
});
