import { describe, expect, it } from 'vitest';
import type { Wallet } from '@portal/contracts';
import { formatBalance, withdrawRefusal } from './withdraw-rules';

const TRC20 = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const wallet = (overrides: Partial<Wallet> = {}): Wallet => ({
  money: 600,
  withdrawable_money: 600,
  address: TRC20,
  addressType: 'USDT-TRC20',
  min_charge_money: 500,
  ...overrides,
});

describe('withdrawRefusal', () => {
  it('asks for an address first, even when the balance is too small', () => {
    expect(withdrawRefusal(wallet({ address: '', addressType: '', money: 1 }))).toBe('请先填写并确认您的收款地址');
  });
  it('refuses an address that does not fit its network', () => {
    expect(withdrawRefusal(wallet({ addressType: 'USDT-ERC20' }))).toBe('请先填写并确认您的收款地址');
  });
  it('refuses a balance under the minimum with the minimum in the message', () => {
    expect(withdrawRefusal(wallet({ money: 499.99, withdrawable_money: 499.99 }))).toBe(
      '申请提现失败，最低提现金额:500元',
    );
    expect(withdrawRefusal(wallet({ money: 0, withdrawable_money: 0, min_charge_money: 0 }))).toBe(
      '申请提现失败，最低提现金额:0元',
    );
  });
  it('counts only withdrawable money: shop credit never makes up the minimum', () => {
    expect(withdrawRefusal(wallet({ money: 900, withdrawable_money: 499.99 }))).toBe(
      '申请提现失败，最低提现金额:500元',
    );
    expect(withdrawRefusal(wallet({ money: 900, withdrawable_money: 0 }))).toBe('申请提现失败，最低提现金额:500元');
  });
  it('allows a balance at the minimum with a saved address', () => {
    expect(withdrawRefusal(wallet({ money: 500, withdrawable_money: 500 }))).toBeNull();
    expect(withdrawRefusal(wallet({ addressType: 'USDT-ERC20', address: `0x${'a'.repeat(40)}` }))).toBeNull();
  });
});

describe('formatBalance', () => {
  it('shows 3 decimals', () => {
    expect(formatBalance(600)).toBe('600.000');
    expect(formatBalance(12.3)).toBe('12.300');
  });
});
