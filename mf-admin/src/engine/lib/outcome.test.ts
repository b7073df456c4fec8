import { describe, expect, it } from 'vitest';
import { Codes } from '@portal/contracts';
import { alreadyReported, failureText } from './outcome';

describe('failure toasts', () => {
  it('join the spec’s prefix and the server’s message with a colon', () => {
    expect(failureText('线路配置失败', '端口已被占用')).toBe('线路配置失败:端口已被占用');
  });

  it('do not double a colon the prefix already has', () => {
    expect(failureText('配置优惠券失败:', '名称重复')).toBe('配置优惠券失败:名称重复');
  });

  it('show the prefix alone when the server said nothing', () => {
    expect(failureText('清理失败', '')).toBe('清理失败');
    expect(failureText('删除失败:', '  ')).toBe('删除失败');
  });

  it('leave network failures and expired sessions to the API client’s own toast', () => {
    expect(alreadyReported({ status: 502, code: -1 })).toBe(true);
    expect(alreadyReported({ status: 200, code: Codes.SESSION_EXPIRED })).toBe(true);
    expect(alreadyReported({ status: 400, code: Codes.INVALID_PAYLOAD })).toBe(false);
  });
});
