import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Codes } from '@portal/contracts';
import type { CallResult } from '@portal/platform';
import { outcome, runOutcome } from './outcome';

const notify = vi.hoisted(() => vi.fn());
vi.mock('@portal/platform', async (original) => ({ ...(await original<object>()), notify }));

const answer = (code: number, msg = ''): CallResult<unknown> =>
  ({ status: 200, code, msg, data: {} }) as CallResult<unknown>;
const ctx = () => ({ lookups: {}, reload: vi.fn(), show: vi.fn() });

describe('runOutcome', () => {
  beforeEach(() => notify.mockClear());

  it('toasts the failure prefix and the server message by default', async () => {
    const action = outcome({
      call: async () => answer(Codes.WITHDRAW_REFUSED, '该提现已结算'),
      success: '结算成功',
      failure: '结算失败',
    });
    const inline = vi.fn();
    expect(await runOutcome(action, {}, ctx(), inline)).toBe(false);
    expect(notify).toHaveBeenCalledWith(expect.objectContaining({ kind: 'error', title: '结算失败:该提现已结算' }));
    expect(inline).not.toHaveBeenCalled();
  });

  it('failureInline: the dialog gets the failure text and no toast is shown', async () => {
    const action = outcome({
      call: async () => answer(Codes.INVALID_PAYLOAD, '请求参数错误'),
      success: '留言成功',
      failure: '留言失败',
      failureInline: true,
    });
    const inline = vi.fn();
    expect(await runOutcome(action, {}, ctx(), inline)).toBe(false);
    expect(inline).toHaveBeenCalledWith('留言失败:请求参数错误');
    expect(notify).not.toHaveBeenCalled();
  });

  it('failureInline still toasts success and reloads', async () => {
    const action = outcome({
      call: async () => answer(Codes.OK),
      success: '留言成功',
      failure: '留言失败',
      failureInline: true,
    });
    const context = ctx();
    expect(await runOutcome(action, {}, context, vi.fn())).toBe(true);
    expect(notify).toHaveBeenCalledWith(expect.objectContaining({ kind: 'success', title: '留言成功' }));
    expect(context.reload).toHaveBeenCalled();
  });
});
