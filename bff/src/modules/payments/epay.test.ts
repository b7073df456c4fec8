import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  alipaySchemeLink,
  checkEpayNotify,
  epaySign,
  epaySigningString,
  epaySubmitParams,
  epaySubmitUrl,
  formatYuan,
  hasValidEpaySign,
  parseYuan,
  withEpaySign,
} from './epay.js';

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

describe('epay signature', () => {
  const request = {
    pid: '1001',
    type: 'alipay',
    out_trade_no: '20240101000001',
    notify_url: 'http://example.com/notify',
    return_url: 'http://example.com/return',
    name: 'VIP 月卡',
    money: '1.00',
    sign: 'ignored',
    sign_type: 'MD5',
    param: '',
  };
  const signingString =
    'money=1.00&name=VIP 月卡&notify_url=http://example.com/notify&out_trade_no=20240101000001&pid=1001&return_url=http://example.com/return&type=alipay';

  it('signs the non-empty parameters but sign and sign_type, sorted by name, with the key appended', () => {
    expect(epaySigningString(request)).toBe(signingString);
    // Computed outside the code under test (md5sum over the same UTF-8 bytes), and again with node:crypto.
    expect(epaySign(request, 'abc123')).toBe('eaf0341073930748889c0854213ddc35');
    expect(epaySign(request, 'abc123')).toBe(md5(`${signingString}abc123`));
  });

  it('signs a notify the same way', () => {
    const notify = {
      pid: '1001',
      trade_no: '2024',
      out_trade_no: 'T1',
      type: 'wxpay',
      name: '测试',
      money: '12.34',
      trade_status: 'TRADE_SUCCESS',
    };
    expect(epaySign(notify, 'abc123')).toBe('1c7775fcdfe0c08d0d615353cbc07688');
  });

  it('verifies its own signature, upper-case too, and refuses a changed value, another key or a short sign', () => {
    const signed = withEpaySign({ pid: '1', money: '1.00' }, 'k');
    expect(signed.sign_type).toBe('MD5');
    expect(hasValidEpaySign(signed, 'k')).toBe(true);
    expect(hasValidEpaySign({ ...signed, sign: signed.sign!.toUpperCase() }, 'k')).toBe(true);
    expect(hasValidEpaySign({ ...signed, money: '100.00' }, 'k')).toBe(false);
    expect(hasValidEpaySign(signed, 'other')).toBe(false);
    expect(hasValidEpaySign({ ...signed, sign: signed.sign!.slice(1) }, 'k')).toBe(false);
    expect(hasValidEpaySign({ pid: '1', money: '1.00' }, 'k')).toBe(false);
  });
});

describe('epay money', () => {
  it('formats cents as yuan with two decimals and reads them back', () => {
    expect(formatYuan(1)).toBe('0.01');
    expect(formatYuan(1234)).toBe('12.34');
    expect(formatYuan(100000)).toBe('1000.00');
    expect(parseYuan('12.34')).toBe(1234);
    expect(parseYuan('12.3')).toBe(1230);
    expect(parseYuan('12')).toBe(1200);
    expect(parseYuan('0.01')).toBe(1);
  });

  it('refuses anything but a plain amount', () => {
    for (const bad of ['', '-1.00', '1.001', '1e3', ' 1.00', '1,00', 'NaN', '0x10', '1.', '.5', '12345678901']) {
      expect(parseYuan(bad), bad).toBeUndefined();
    }
  });
});

describe('epay request', () => {
  const account = { gateway: 'https://pay.example.com/', pid: '1001', key: 'abc123' };

  it('is a signed GET to submit.php under the gateway with every parameter of the protocol', () => {
    const url = new URL(
      epaySubmitUrl(
        { ...account, gateway: 'https://pay.example.com' },
        {
          type: 'wxpay',
          outTradeNo: 'abc',
          notifyUrl: 'https://portal.example.com/api/pay/notify/epay/yi',
          returnUrl: 'https://portal.example.com/#/order',
          name: '月卡',
          amountCents: 1990,
        },
      ),
    );
    expect(`${url.origin}${url.pathname}`).toBe('https://pay.example.com/submit.php');
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      pid: '1001',
      type: 'wxpay',
      out_trade_no: 'abc',
      notify_url: 'https://portal.example.com/api/pay/notify/epay/yi',
      return_url: 'https://portal.example.com/#/order',
      name: '月卡',
      money: '19.90',
      sign_type: 'MD5',
    });
    expect(hasValidEpaySign(params, 'abc123')).toBe(true);
  });

  it('sends & and = of a product name in their full-width forms, so no value of a signed submit holds them but its addresses', () => {
    const params = epaySubmitParams(account, {
      type: 'alipay',
      outTradeNo: 'abc',
      notifyUrl: 'https://portal.example.com/api/pay/notify/epay/yi',
      returnUrl: 'https://portal.example.com/#/order?alipay_pay=1',
      name: 'A&B=C',
      amountCents: 100,
    });
    expect(params.name).toBe('A＆B＝C');
    expect(hasValidEpaySign(params, account.key)).toBe(true);
  });

  it('wraps a pay page in the alipay scheme link', () => {
    expect(alipaySchemeLink('https://p.example/submit.php?a=1&b=2')).toBe(
      'alipays://platformapi/startapp?appId=20000067&url=https%3A%2F%2Fp.example%2Fsubmit.php%3Fa%3D1%26b%3D2',
    );
  });
});

describe('epay notify check', () => {
  const account = { pid: '1001', key: 'abc123' };
  const notify = (overrides: Record<string, string> = {}, key = account.key) =>
    withEpaySign(
      {
        pid: '1001',
        trade_no: 'G1',
        out_trade_no: 'T1',
        type: 'alipay',
        name: 'x',
        money: '12.34',
        trade_status: 'TRADE_SUCCESS',
        ...overrides,
      },
      key,
    );

  it('accepts a signed TRADE_SUCCESS of our merchant', () => {
    expect(checkEpayNotify(notify(), account)).toEqual({
      ok: true,
      notify: { tradeId: 'T1', tradeNo: 'G1', paidCents: 1234 },
    });
  });

  it.each([
    ['a bad signature', { ...notify(), money: '0.01' }, 'bad signature'],
    ['another key', notify({}, 'guess'), 'bad signature'],
    ['no signature', { pid: '1001', trade_status: 'TRADE_SUCCESS' }, 'bad signature'],
    ['an unpaid status', notify({ trade_status: 'WAIT_BUYER_PAY' }), 'trade_status'],
    ['another merchant', notify({ pid: '2002' }), 'pid'],
    ['a malformed amount', notify({ money: '-1' }), 'money'],
    ['no trade number', notify({ trade_no: '' }), 'trade_no'],
  ])('refuses %s', (_name, params, reason) => {
    const result = checkEpayNotify(params, account);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.reason).toContain(reason);
  });

  it.each([
    ['a return_url (a submit parameter)', { return_url: 'https://portal.example.com/#' }, 'submit parameter'],
    ['a notify_url (a submit parameter)', { notify_url: 'https://portal.example.com/n' }, 'submit parameter'],
    ['a value with &', { name: 'x&trade_status=TRADE_SUCCESS' }, 'cannot tell apart'],
    ['a name with =', { 'out_trade_no=T1&x': '1' }, 'cannot tell apart'],
  ])('refuses a notify carrying %s, signed or not', (_name, extra, reason) => {
    const result = checkEpayNotify(notify(extra), account);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.reason).toContain(reason);
  });

  it('refuses everything when the platform has no key', () => {
    expect(checkEpayNotify(notify({}, ''), { pid: '1001', key: '' }).ok).toBe(false);
  });
});
